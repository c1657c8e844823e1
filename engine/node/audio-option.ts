// `bible serve --audio TEMPLATE [--audio-music TEMPLATE]`: the audio option for openNode({ audio }).
import { checkAudioOption, type AudioOption } from '../core/ops/audio.ts';

/** The value of `--name VALUE` or `--name=VALUE`; undefined when absent. */
function flag(args: string[], name: string): string | undefined {
  let value: string | undefined;
  args.forEach((arg, i) => {
    if (arg === name) {
      value = args[i + 1];
      if (value === undefined || value.startsWith('--'))
        throw new Error(
          `${name} needs a URL template, e.g. ${name} 'https://cdn.example/{versionId}/{bookId:2}/{chapterId:3}.mp3'`,
        );
    } else if (arg.startsWith(`${name}=`)) {
      value = arg.slice(name.length + 1);
    }
  });
  return value;
}

/**
 * The audio option from command-line arguments (or BIBLE_AUDIO / BIBLE_AUDIO_MUSIC): a narration
 * template, optionally with a music template; undefined when none is given. A malformed template
 * throws, so the server refuses to start with it instead of failing on every audio call.
 */
export function audioOptionFromArgs(args: string[], env: NodeJS.ProcessEnv = process.env): AudioOption | undefined {
  const narration = flag(args, '--audio') ?? (env.BIBLE_AUDIO || undefined);
  const music = flag(args, '--audio-music') ?? (env.BIBLE_AUDIO_MUSIC || undefined);
  const option: AudioOption | undefined =
    music === undefined ? narration : { ...(narration !== undefined ? { narration } : {}), music };
  try {
    return checkAudioOption(option);
  } catch (error) {
    throw new Error(`--audio: ${error instanceof Error ? error.message : String(error)}`);
  }
}
