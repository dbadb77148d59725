// The ZIP writer and the stream class its answers are made web streams with, loaded on first use: archiver
// (0.8 MB of code with its dependencies) and node:stream are not part of every start.
export async function zipTools() {
  const [{ ZipArchive }, { Readable }] = await Promise.all([import('archiver'), import('node:stream')]);
  return { ZipArchive, Readable };
}
