// The functions the console tests hand to page.evaluate run in the browser. The project's type library has
// no DOM (the service never runs in one), so the few browser globals those functions use are named here,
// untyped: the browser that runs them is their check.
/* biome-ignore-all lint/suspicious/noExplicitAny: browser objects, seen only by code that runs in the browser */
declare var document: any;
declare var location: any;
declare var sessionStorage: any;
declare var localStorage: any;
declare var CSS: any;
declare var MutationObserver: any;
declare var Node: any;
type Node = any;
declare var Element: any;
type Element = any;
declare var HTMLSelectElement: any;
declare var HTMLInputElement: any;
type HTMLIFrameElement = any;
type HTMLAnchorElement = any;
type HTMLCanvasElement = any;
declare var window: any;
declare function getComputedStyle(element: any, pseudoElement?: string): any;
type HTMLElement = any;
type HTMLButtonElement = any;
declare function requestAnimationFrame(callback: (time: number) => void): number;
