/** Knows every registered route, to answer 405 (with `Allow`) instead of 404 for a known path. */
export class MethodMatcher {
  private readonly patterns: { method: string; regex: RegExp }[];

  constructor(routes: readonly { method: string; path: string }[]) {
    this.patterns = routes.map((r) => ({
      method: r.method.toUpperCase(),
      regex: new RegExp(
        `^${r.path
          .split('/')
          .map((seg) =>
            seg.startsWith(':') ? '[^/]+' : seg === '*' ? '.*' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
          )
          .join('/')}/?$`,
      ),
    }));
  }

  allowedMethods(path: string): string[] {
    const methods = new Set<string>();
    for (const p of this.patterns) if (p.regex.test(path)) methods.add(p.method);
    return [...methods].sort();
  }
}
