// The JUnit report checked by a real validator: libxml2's xmllint (compiled to WebAssembly, run in
// process by xmllint-wasm) against the Ant/Jenkins junit-10.xsd in test/fixtures, the schema the
// CI tools that read JUnit XML follow.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';

const XSD = readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'junit-10.xsd'), 'utf8');

/** libxml2's complaints about the document (not well-formed, or not valid), or [] when it is valid. */
export async function junitSchemaErrors(xml: string): Promise<string[]> {
  try {
    const result = await validateXML({ xml: [{ fileName: 'junit.xml', contents: xml }], schema: [XSD] });
    return result.valid ? [] : result.errors.map((e) => e.rawMessage);
  } catch (error) {
    // xmllint-wasm throws where xmllint would exit with a parser error.
    return [(error as Error).message];
  }
}
