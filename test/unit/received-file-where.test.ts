import { expect, test } from 'bun:test';
import { whereInFile } from '../../src/einvoicing/received-file';

test('a value that is no number is named with its element and line; one the file does not hold whole, as it is', () => {
  const xml =
    '<Invoice>\n  <cbc:Note>x</cbc:Note>\n  <cbc:PayableAmount currencyID="EUR"> 1.2.3 </cbc:PayableAmount>\n</Invoice>';
  expect(whereInFile(xml, 'not a decimal string: "1.2.3"')).toBe(
    'cbc:PayableAmount on line 3 holds "1.2.3", which is not a number',
  );
  // Regular expression characters in the value are taken as they are.
  expect(whereInFile('<a>\n<q>(1+1)*</q></a>', 'not a decimal string: "(1+1)*"')).toBe(
    'q on line 2 holds "(1+1)*", which is not a number',
  );
  expect(whereInFile(xml, 'not a decimal string: "12x"')).toBe(
    '"12x" is not a number where the file needs one',
  );
  expect(whereInFile(xml, 'not a decimal string: ""')).toBe('not a decimal string: ""');
  expect(whereInFile(xml, 'something else')).toBe('something else');
});
