import type { SpawnOptions } from "node:child_process";

export const IMAGE_DIR: string;
export const SITE_IMAGE: string;
export const BASE_IMAGE: string;
export const buildahFlags: string[];
export function buildahEnv(): NodeJS.ProcessEnv;
export function capture(
  command: string,
  args: string[],
  options?: SpawnOptions & { quiet?: boolean },
): Promise<string>;
export function buildah(
  args: string[],
  options?: SpawnOptions & { quiet?: boolean },
): Promise<string>;
export function ensureTools(): Promise<string | null>;
export function buildBase(): Promise<string>;
export function buildSiteImage(base: string): Promise<string>;
export function prepareImage(): Promise<string | null>;
