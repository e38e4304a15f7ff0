/**
 * Bundles the server entry points (`start`, `reverb`, `queue-work`) into plain ES modules, so they
 * serve on plain node: tsx's loader, transformed modules and their source maps cost ~80 MB of the
 * app's RSS (ADR 0012). `npm start` itself runs server/cli/launch.mjs, which does this only when a
 * source is newer than the bundles.
 */
import { buildBundles } from './launch.mjs';

await buildBundles();
