/** A problem with one field of a request, `loc` a dotted path (`body.data.line_items.0.quantity`). */
export interface FieldError {
  loc: string;
  msg: string;
  type: string;
}
