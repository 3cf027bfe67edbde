#!/usr/bin/env node
// `prepack` of the published packages that depend on a sibling. npm packs a package.json as it
// is, so a tarball from `npm pack` (or `npm publish`) keeps `workspace:*` and npm later refuses
// to install it (`Unsupported URL Type "workspace:"`). pnpm writes the real versions, so npm is
// stopped here with the commands that work instead. npm run from a pnpm script (attw's
// `--pack` in `pnpm lint:package`) inherits pnpm's user agent and is let through: it only reads
// the tarball's files.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** The dependencies whose range only a workspace understands, as `name@range`. */
export function workspaceRanges(manifest) {
  const fields = ['dependencies', 'peerDependencies', 'optionalDependencies'];
  return fields.flatMap((field) =>
    Object.entries(manifest[field] ?? {})
      .filter(([, range]) => range.startsWith('workspace:'))
      .map(([name, range]) => `${name}@${range}`),
  );
}

/** Why this pack is refused, or undefined when the packer rewrites workspace ranges. */
export function refusal(manifest, userAgent = '') {
  const ranges = workspaceRanges(manifest);
  if (!userAgent.startsWith('npm/') || ranges.length === 0) return undefined;
  return [
    `npm would pack ${manifest.name} with ${ranges.join(', ')}, which npm cannot install.`,
    'Pack with pnpm, which writes the versions: `pnpm pack:all` at the repository root writes',
    "every published package's tarball to packs/ (then `npm install <that folder>/*.tgz`).",
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
  const message = refusal(manifest, process.env.npm_config_user_agent);
  if (message) {
    console.error(message);
    process.exitCode = 1;
  }
}
