import { describe, expect, it } from 'vitest';
import { columnId, moveAcross, moveWithin, sameBoard } from './board-moves.ts';

const board = { low: [1, 2], medium: [3], high: [] };

describe('board moves', () => {
  it('moves a card before the card it is dropped on in another column', () => {
    expect(moveAcross(board, 3, 2)).toEqual({ low: [1, 3, 2], medium: [], high: [] });
  });

  it('moves a card to the end of an empty column dropped on', () => {
    expect(moveAcross(board, 1, columnId('high'))).toEqual({ low: [2], medium: [3], high: [1] });
  });

  it('leaves the board as it is within one column or over nothing known', () => {
    expect(moveAcross(board, 1, 2)).toBe(board);
    expect(moveAcross(board, 1, 99)).toBe(board);
  });

  it('reorders within a column', () => {
    expect(moveWithin(board, 1, 2)).toEqual({ low: [2, 1], medium: [3], high: [] });
    expect(moveWithin(board, 1, 3)).toBe(board);
  });

  it('tells an unchanged board', () => {
    expect(sameBoard(board, { low: [1, 2], medium: [3], high: [] })).toBe(true);
    expect(sameBoard(board, { low: [2, 1], medium: [3], high: [] })).toBe(false);
  });
});
