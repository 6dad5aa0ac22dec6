import { describe, expect, it } from 'vitest';
import { chatText, subjectLine } from './message-text';

describe('text in messages', () => {
  it('escapes what a chat room would read as an alert or a link, and only that', () => {
    expect(
      chatText(
        'payouts <!channel> <https://evil.example/approve?batch=1|Approve this batch here>.csv',
      ),
    ).toBe(
      'payouts &lt;!channel&gt; &lt;https://evil.example/approve?batch=1|Approve this batch here&gt;.csv',
    );
    // `&` first, so that an escape typed by an operator stays as typed.
    expect(chatText('R&D &lt;!here&gt;')).toBe('R&amp;D &amp;lt;!here&amp;gt;');
    expect(chatText('Zahlungen März (2).csv')).toBe('Zahlungen März (2).csv');
  });

  it('puts a subject on one line', () => {
    expect(subjectLine('a\r\nBcc: x@evil.example\n\tb\u0000c\u2028d')).toBe(
      'a Bcc: x@evil.example b c d',
    );
    expect(subjectLine('Approval needed: batch (payouts.csv)')).toBe(
      'Approval needed: batch (payouts.csv)',
    );
  });
});
