export { parseUntrustedXml } from './parse-xml';
export { validateXsd, type XsdResult } from './validate-xsd';
export { XmlInputError, type XmlInputProblem } from './xml-input';
