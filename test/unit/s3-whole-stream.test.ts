// An object streamed from S3 is passed on whole or the stream errors, never silently cut: a body that ends
// short is read on with a ranged GET from where it stopped (a CI run saw s3rver end a 3.1 MB body at
// 2.9 MB without an error).
import { describe, expect, test } from 'bun:test';
import { wholeStream } from '../../src/storage/s3-blob-store';

const object = Uint8Array.from({ length: 10_000 }, (_, i) => (i * 31) % 251);

/** A store whose GET from `offset` gives at most `cut` bytes, in chunks of 700, then ends as if done. */
function cutting(cut: number, opened: number[]) {
  return (offset: number) => {
    opened.push(offset);
    const end = Math.min(object.length, offset + cut);
    let at = offset;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= end) return controller.close();
        const next = Math.min(end, at + 700);
        controller.enqueue(object.slice(at, next));
        at = next;
      },
    });
  };
}

const read = async (stream: ReadableStream<Uint8Array>) =>
  new Uint8Array(await new Response(stream).arrayBuffer());

describe('wholeStream', () => {
  test('a body that arrives whole is passed on as it is, one GET', async () => {
    const opened: number[] = [];
    expect(await read(wholeStream(object.length, cutting(object.length, opened)))).toEqual(object);
    expect(opened).toEqual([0]);
  });

  test('a body cut short is read on from where it stopped, and comes out whole and in order', async () => {
    const opened: number[] = [];
    expect(await read(wholeStream(object.length, cutting(4_000, opened)))).toEqual(object);
    expect(opened).toEqual([0, 4_000, 8_000]);
  });

  test('a store that keeps cutting it makes the stream fail, not end', async () => {
    const opened: number[] = [];
    await expect(read(wholeStream(object.length, cutting(1_000, opened)))).rejects.toThrow(
      'storage: object read short (4000 of 10000 bytes)',
    );
  });

  test('an object longer than its size (changed meanwhile) is an error; an empty one is no bytes', async () => {
    await expect(read(wholeStream(5_000, cutting(object.length, [])))).rejects.toThrow('longer than');
    expect(
      await read(wholeStream(0, () => new Response(new Uint8Array()).body as ReadableStream<Uint8Array>)),
    ).toEqual(new Uint8Array());
  });
});
