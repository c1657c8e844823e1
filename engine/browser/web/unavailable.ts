// Why a translation cannot be read here, in words a reader understands: not stored on this device while
// offline, or the server gone; the chapter and the search box both say it the same way.
import { bible, errorText, offline, storedVersions, version } from './page.ts';

/** The translations whose text this device holds, by abbreviation. */
async function storedNames(): Promise<string> {
  const stored = [...(await storedVersions())].filter((id) => bible.meta.versionById.has(id));
  return stored.map((id) => version(id).abbreviation).join(', ') || 'none yet';
}

/** A pack the engine could not fetch (the loader's NOT_AVAILABLE), as opposed to a refusal of the call. */
export const isUnreachable = (error: unknown) =>
  (error as { code?: unknown })?.code === 'NOT_AVAILABLE' && /^pack '/.test(errorText(error));

/**
 * Why a translation cannot be shown, in words: not stored here and the network is off, or not stored here
 * and the server does not answer (the browser may say it is online while the server is gone); the
 * engine's own reason for anything else.
 */
export async function unavailableMessage(versionId: string, error: unknown): Promise<string> {
  const name = version(versionId).abbreviation;
  const stored = (await storedVersions()).has(versionId);
  if (!stored && offline())
    return `The ${name} is not stored on this device, so it cannot be read offline. Stored here: ${await storedNames()}. Open it once while online to keep it.`;
  if (isUnreachable(error))
    return `The ${name} cannot be reached: the server does not answer${stored ? '' : ', and it is not stored on this device'}. Stored here: ${await storedNames()}. Try again when the connection is back.`;
  return `The ${name} cannot be shown here: ${errorText(error)}`;
}
