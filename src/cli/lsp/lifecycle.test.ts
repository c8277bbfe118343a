/**
 * The lifecycle kept at the door (LSP 3.17 "Lifecycle Messages"; JSON-RPC 2.0 §4 "Request object"
 * and §5.1 "Error object"): what is handed on, answered or dropped, in each phase of the server.
 */
import { describe, expect, it } from 'vitest';
import { admit, type Phase } from './lifecycle.js';

const request = (method: string, id: number | string = 1, extra: object = {}) => ({ jsonrpc: '2.0', id, method, ...extra });
const notification = (method: string, extra: object = {}) => ({ jsonrpc: '2.0', method, ...extra });
/** What admit makes of `message` in `phase`: handed on, answered with an error code, said in the log, or dropped in silence. */
function fate(phase: Phase, message: unknown): string {
  const a = admit(phase, message);
  if (a.pass) return `pass → ${a.phase}`;
  if (a.answer) return `answer ${String(a.answer.id)} ${a.answer.error?.code}`;
  return a.log === null ? 'dropped' : 'logged';
}

describe('LSP 3.17: before initialize', () => {
  it('initialize is handed on and the server runs; another request is ServerNotInitialized (-32002)', () => {
    expect(fate('new', request('initialize'))).toBe('pass → running');
    expect(fate('new', request('textDocument/hover', 'h'))).toBe('answer h -32002');
    expect(fate('new', request('shutdown', 2))).toBe('answer 2 -32002');
  });

  it('a notification is dropped unanswered, exit excepted', () => {
    expect(fate('new', notification('textDocument/didOpen', { params: {} }))).toBe('dropped');
    expect(fate('new', notification('initialized', { params: {} }))).toBe('dropped');
    expect(fate('new', notification('exit'))).toBe('pass → new');
  });
});

describe('LSP 3.17: running', () => {
  it('requests and notifications are handed on, shutdown moves to shut-down; initialize again is an InvalidRequest (-32600)', () => {
    expect(fate('running', request('textDocument/hover'))).toBe('pass → running');
    expect(fate('running', request('no/such/method'))).toBe('pass → running');
    expect(fate('running', notification('textDocument/didChange', { params: {} }))).toBe('pass → running');
    expect(fate('running', request('shutdown', 9))).toBe('pass → shut-down');
    expect(fate('running', request('initialize', 3))).toBe('answer 3 -32600');
  });

  it('a response to the server\'s own request is handed on', () => {
    expect(fate('running', { jsonrpc: '2.0', id: 0, result: [{}] })).toBe('pass → running');
    expect(fate('running', { jsonrpc: '2.0', id: null, error: { code: -32603, message: 'x' } })).toBe('pass → running');
  });
});

describe('LSP 3.17: after shutdown', () => {
  it('every request is an InvalidRequest (-32600); notifications other than exit are dropped; exit is handed on', () => {
    expect(fate('shut-down', request('textDocument/hover', 4))).toBe('answer 4 -32600');
    expect(fate('shut-down', request('shutdown', 5))).toBe('answer 5 -32600');
    expect(fate('shut-down', notification('textDocument/didOpen', { params: {} }))).toBe('dropped');
    expect(fate('shut-down', notification('exit'))).toBe('pass → shut-down');
  });
});

describe('JSON-RPC 2.0 §4: what is no request, notification or response', () => {
  it.each([
    ['no object', 42, 'logged'],
    ['a batch (the protocol sends none)', [request('textDocument/hover')], 'logged'],
    ['null', null, 'logged'],
    ['jsonrpc other than "2.0"', { jsonrpc: '1.0', id: 6, method: 'textDocument/hover' }, 'answer 6 -32600'],
    ['no method, result or error', { jsonrpc: '2.0', id: 7 }, 'answer 7 -32600'],
    ['a method that is no string', { jsonrpc: '2.0', id: 8, method: 12 }, 'answer 8 -32600'],
    ['params that are neither object nor array', request('textDocument/hover', 9, { params: 'x' }), 'answer 9 -32600'],
    ['an id that is an object', { jsonrpc: '2.0', id: { a: 1 }, method: 'textDocument/hover' }, 'logged'],
    ['a notification with params that are a number', notification('textDocument/didOpen', { params: 3 }), 'logged'],
    ['a cancellation without an id', notification('$/cancelRequest', { params: {} }), 'logged'],
  ])('%s', (_, message, expected) => {
    expect(fate('running', message)).toBe(expected);
  });
});
