// XML primitives for the JUnit report. Every string in it may come from a results file a fork
// wrote (scenario names, reasons, error examples): it must stay text, and the file must stay
// well-formed whatever the string holds.

/**
 * Characters XML 1.0 forbids anywhere, even as character references (&#1; is not well-formed):
 * the C0 controls but tab, line feed and carriage return, U+FFFE, U+FFFF, and a surrogate that
 * is not half of a pair. A parser stops at the first one, so each becomes U+FFFD.
 */
const NOT_XML =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text content: markup characters as entities; a carriage return as a reference, since a parser
 * turns a raw one into a line feed. */
export function escapeXmlText(text: string): string {
  return text
    .replace(NOT_XML, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;');
}

/** An attribute value in double quotes: quotes too, and tab and line breaks as references, since
 * a parser turns raw ones into spaces (attribute-value normalisation). */
export function escapeXmlAttribute(text: string): string {
  return escapeXmlText(text)
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;');
}

/** `name="value" …` for the attributes that have a value, in the order given. */
export function xmlAttributes(attributes: Record<string, string | number | undefined>): string {
  return Object.entries(attributes)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeXmlAttribute(String(value))}"`)
    .join('');
}
