// The reference lists' data (SPEC 3): currencies, countries, locales, document types, page sizes, code lists.
export {
  type CodedItem,
  type CodedList,
  taxCategories,
  taxSchemes,
  unitCodes,
} from './coded-lists';
export { type Country, isValidCountry, listCountries } from './countries';
export {
  type Currency,
  currencyDecimals,
  isSupportedCurrency,
  listCurrencies,
  type MinorUnits,
  minorUnitsOf,
} from './currencies';
export {
  DOCUMENT_TYPE_IDS,
  type DocumentAction,
  type DocumentType,
  type DocumentTypeInfo,
  getDocumentType,
  isDocumentType,
  type LineItemType,
  listDocumentTypes,
} from './document-types';
export { isSupportedLocale, type Locale, listLocales } from './locales';
export {
  isPageSizeId,
  listPageSizes,
  PAGE_SIZE_IDS,
  PAGE_SIZE_POINTS,
  type PagePoints,
  type PageSize,
  type PageSizeId,
  pageSizePoints,
} from './page-sizes';
export { isValidTimezone, listTimezones, normalizeGmtOffset, type Timezone } from './timezones';
