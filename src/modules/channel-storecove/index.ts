export { storecoveAdapter, storecoveSettings } from './adapter';
export { icdOf, storecoveScheme } from './schemes';
