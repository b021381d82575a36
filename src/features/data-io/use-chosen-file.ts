import { useState } from 'react';

/** Thrown by a reader for a file that was read but cannot be used; its message says why. */
export class UnusableFile extends Error {}

/**
 * The file chosen in a picker and what reading it gave: `content` once read, else `error` (an
 * `UnusableFile`'s reason, or `failedText` when the file could not be read at all). Choosing
 * another file, or none, first drops what the last one gave and calls `onChoose`.
 */
export function useChosenFile<T>(
  read: (file: File) => Promise<T>,
  failedText: string,
  onChoose?: () => void,
) {
  const [file, setFile] = useState<File | null>(null);
  const [content, setContent] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function choose(next: File | null) {
    setFile(next);
    setContent(null);
    setError(null);
    onChoose?.();
    if (!next) return;
    try {
      setContent(await read(next));
    } catch (reason) {
      setError(reason instanceof UnusableFile ? reason.message : failedText);
    }
  }

  return {
    content,
    error,
    /** For the picker: the file shown and what choosing one does. */
    fieldProps: { value: file, onChange: (next: File | null) => void choose(next) },
  };
}
