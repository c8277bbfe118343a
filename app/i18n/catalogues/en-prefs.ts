/**
 * English: the AI-use preferences line beside the verdict, in the engine's words (the CLI prints
 * the same: `preferenceMessages()`), loaded with the line.
 */
import { preferenceMessages } from '../../../src/robots/index.js';

export default preferenceMessages();
