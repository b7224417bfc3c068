/**
 * The quiz module's face (docs/decisions/108): the quiz, its results, their certificates and the result page's head.
 * Other modules, the workflows and the rest of the server import it only from here (eslint: local/module-boundaries);
 * its route plugins are registered by src/server/app.ts.
 */
export {};
