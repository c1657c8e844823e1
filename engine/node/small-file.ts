// Reading a file a person names (a key file, a manifest, a pack to copy) without trusting it to be one:
// a directory, a device such as /dev/zero, a pipe or a huge file is refused before it is read, since
// reading it would hang or fill the memory.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/** Plain words for the errors opening or reading a named file gives. */
const WHY: Record<string, string> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a part of the path is not a folder',
  ELOOP: 'too many symbolic links',
  ENAMETOOLONG: 'the name is too long',
  EIO: 'the system could not read it',
};

/**
 * The bytes of the regular file at `path`, at most `limit` of them; else an error "cannot read <what>
 * <path>: <why>". The file is opened without blocking, so a pipe is refused, never waited on.
 */
export function readRegularFile(path: string, limit: number, what: string): Buffer {
  const cannot = (why: string) => new Error(`cannot read ${what} ${path}: ${why}`);
  const reason = (error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    return code ? (WHY[code] ? `${WHY[code]} (${code})` : code) : String(error);
  };
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw cannot(reason(error));
  }
  try {
    const info = fstatSync(fd);
    if (info.isDirectory()) throw cannot('it is a directory, not a file');
    if (!info.isFile()) throw cannot('it is not a regular file (a device, pipe or socket)');
    const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
    if (info.size > limit)
      throw cannot(`it is ${mib(info.size)}; ${what.replace(/^the /, 'a ')} may be at most ${limit / 1024 / 1024} MiB`);
    // One byte more than the limit: a file that grew after fstat is caught without reading it all.
    const buffer = Buffer.alloc(Math.min(info.size, limit) + 1);
    let length = 0;
    for (
      let n: number;
      length < buffer.length && (n = readSync(fd, buffer, length, buffer.length - length, null)) > 0;
    )
      length += n;
    if (length > limit) throw cannot(`it is over ${mib(limit)}`);
    return buffer.subarray(0, length);
  } catch (error) {
    if (error instanceof Error && !(error as NodeJS.ErrnoException).code) throw error;
    throw cannot(reason(error));
  } finally {
    closeSync(fd);
  }
}
