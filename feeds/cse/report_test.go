package cse

import (
	"bytes"
	"errors"
	"os"
	"testing"

	"github.com/feedsync/feedsync/feeds"
)

// TestReporters covers the progress display: a status line of files and
// bytes on a terminal, plain lines otherwise.
func TestReporters(t *testing.T) {
	events := func(r reporter) {
		r.start("http://h/a.jpg")
		r.fetched("http://h/a.jpg", 2048)
		r.start("http://h/b.jpg")
		r.failed("http://h/b.jpg: HTTP 404 Not Found")
		r.unchanged("http://h/c.jpg")
		r.finish()
	}
	cases := []struct {
		name     string
		terminal bool
		out, err string
	}{
		{"plain", false,
			"fetched http://h/a.jpg (2048 bytes)\nunchanged http://h/c.jpg\n",
			"http://h/b.jpg: HTTP 404 Not Found\n"},
		{"terminal", true, "",
			"\r\x1b[K0 files, 0 B  http://h/a.jpg" +
				"\r\x1b[K1 files, 2.0 KiB  http://h/a.jpg" +
				"\r\x1b[K1 files, 2.0 KiB  http://h/b.jpg" +
				"\r\x1b[Khttp://h/b.jpg: HTTP 404 Not Found\n\r\x1b[K1 files, 2.0 KiB  http://h/b.jpg" +
				"\r\x1b[K1 files, 2.0 KiB  http://h/b.jpg" +
				"\r\x1b[K"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var out, errw bytes.Buffer
			var r reporter = &plainReporter{out: &out, errw: &errw}
			if tc.terminal {
				r = &termReporter{w: &errw}
			}
			events(r)
			if out.String() != tc.out || errw.String() != tc.err {
				t.Errorf("stdout %q\nstderr %q\nwant %q\n     %q", out.String(), errw.String(), tc.out, tc.err)
			}
		})
	}
}

func TestIsTerminal(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cases := []struct {
		name string
		w    interface{ Write([]byte) (int, error) }
	}{
		{"buffer", &bytes.Buffer{}},
		{"regular file", f},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if isTerminal(tc.w) {
				t.Error("isTerminal = true")
			}
		})
	}
	if r, _ := newReporter(&bytes.Buffer{}, f); !isPlain(r) {
		t.Error("newReporter chose the terminal display for a file")
	}
}

func isPlain(r reporter) bool {
	_, ok := r.(*plainReporter)
	return ok
}

func TestHumanBytes(t *testing.T) {
	cases := []struct {
		n    int64
		want string
	}{
		{0, "0 B"}, {1023, "1023 B"}, {1024, "1.0 KiB"}, {1536, "1.5 KiB"}, {5 << 20, "5.0 MiB"}, {3 << 30, "3.0 GiB"},
	}
	for _, tc := range cases {
		t.Run(tc.want, func(t *testing.T) {
			if got := humanBytes(tc.n); got != tc.want {
				t.Errorf("humanBytes(%d) = %q", tc.n, got)
			}
		})
	}
}

// TestDescribe covers "place: message" lines, with line and column for
// XML that is not well-formed.
func TestDescribe(t *testing.T) {
	cases := []struct {
		name string
		err  error
		want string
	}{
		{"plain error", errors.New("HTTP 500"), "http://h/f.xml: HTTP 500"},
		{"syntax error", feeds.Problems{{File: "http://h/f.xml", Line: 3, Col: 7, Element: "item", Msg: "input ends inside <item> opened at 2:1"}}, "http://h/f.xml:3:7: item: input ends inside <item> opened at 2:1"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := describe("http://h/f.xml", tc.err); got != tc.want {
				t.Errorf("describe = %q, want %q", got, tc.want)
			}
		})
	}
}
