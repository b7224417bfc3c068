import { installConsoleBuffer } from './console-buffer';

// Imported first by main.tsx, so the buffer is recording before the app's other modules run.
installConsoleBuffer();
