package xmlutil

import (
	"bytes"
	"testing"
)

// TestLineEnds: what is written through LineEnds ends its lines as the
// source does, whatever the size of the writes, and the source's own bytes
// go through unchanged (XML 1.0 §2.11 reads "\r\n", "\r" and "\n" alike).
func TestLineEnds(t *testing.T) {
	for _, tc := range []struct{ name, src, in, want string }{
		{"CRLF source, LF written", "a\r\nb\r\n", "<x>\n <y/>\n</x>\n", "<x>\r\n <y/>\r\n</x>\r\n"},
		{"CRLF source, its own bytes", "a\r\nb\r\n", "a\r\nb\r\n", "a\r\nb\r\n"},
		{"CRLF source, a lone CR", "a\r\n", "a\rb\r\r\nc", "a\r\nb\r\n\r\nc"},
		{"LF source, CRLF written", "a\nb\n", "<x>\r\n <y/>\r\n</x>\r\n", "<x>\n <y/>\n</x>\n"},
		{"LF source, a lone CR", "a\n", "a\rb\r\r\nc", "a\nb\n\nc"},
		{"a source without line ends writes LF", "<a/>", "x\r\ny", "x\ny"},
		{"a mixed source writes as given", "a\r\nb\n", "x\ny\r\nz\r", "x\ny\r\nz\r"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, size := range []int{1, 2, 3, len(tc.in)} {
				var b bytes.Buffer
				w := LineEnds(&b, []byte(tc.src))
				for in := []byte(tc.in); len(in) > 0; {
					n := min(size, len(in))
					if k, err := w.Write(in[:n]); k != n || err != nil {
						t.Fatalf("Write: %d, %v; want %d, nil", k, err, n)
					}
					in = in[n:]
				}
				if b.String() != tc.want {
					t.Errorf("writes of %d bytes: %q, want %q", size, b.String(), tc.want)
				}
			}
		})
	}
}
