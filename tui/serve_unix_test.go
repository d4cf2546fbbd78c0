//go:build unix

package tui

import (
	"bytes"
	"context"
	"io"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A FEED that is no feed file (a FIFO, a directory, missing) is worded by
// serve as validate words it: one wording, package fetch's.
func TestServeWordsABadFeedAsValidateDoes(t *testing.T) {
	h := newHarness(t)
	fifo := h.path("fifo.xml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	dir := h.path("dir.xml")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	for name, feed := range map[string]string{"fifo": fifo, "directory": dir, "missing": h.path("none.xml")} {
		t.Run(name, func(t *testing.T) {
			_, _, said := h.run("", "validate", feed)
			want := strings.Replace(said, "feedsync validate: ", "feedsync serve: ", 1)
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			var errb bytes.Buffer
			code := Run(ctx, []string{"serve", feed, "--addr", "127.0.0.1:0"}, &Env{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: &errb,
				Getenv: func(string) string { return "" }})
			if code != ExitError || errb.String() != want || want == "" {
				t.Errorf("serve: exit %d, %q; validate said %q", code, errb.String(), want)
			}
		})
	}
}
