package tui

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedgen"
)

// BenchmarkMergeCommand runs 'feedsync merge LOCAL REMOTE -o OUT' as the
// command line does, on generated pairs of 1k, 10k and 100k items (10k
// and 100k not with -short), writing OUT to a file, which goes straight
// to its temporary file, and to standard output ('-o -'), which is
// rendered whole first. A file also costs its fsync, backup and the
// record of the saved versions in OUT's store, which standard output does
// not: compare out=file between two commits (benchstat), not with
// out=stdout.
//
//	go test ./tui -run '^$' -bench MergeCommand -benchtime 3x -benchmem
//
// The whole process (wall, CPU, peak memory) is what the README's
// benchmark section times; this is the same work in one process.
func BenchmarkMergeCommand(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		if n > 1_000 && testing.Short() {
			continue
		}
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) { benchMergeCommand(b, n) })
	}
}

// benchMergeCommand runs the merge of a generated pair of n items, to a
// file and to standard output.
func benchMergeCommand(b *testing.B, n int) {
	dir := b.TempDir()
	l, r := feedgen.Pair(n, 0.1, 1)
	local, remote := filepath.Join(dir, "local.xml"), filepath.Join(dir, "remote.xml")
	if err := os.WriteFile(local, l, 0o644); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(remote, r, 0o644); err != nil {
		b.Fatal(err)
	}
	env := &Env{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard,
		Getenv: func(k string) string {
			if k == "XDG_CONFIG_HOME" {
				return dir
			}
			return ""
		}}
	for _, out := range []string{"file", "stdout"} {
		arg := "-"
		if out == "file" {
			arg = filepath.Join(dir, "out.xml")
		}
		b.Run("out="+out, func(b *testing.B) {
			b.SetBytes(int64(len(l) + len(r)))
			b.ReportAllocs()
			for b.Loop() {
				if code := Run(context.Background(), []string{"merge", local, remote, "-o", arg}, env); code > 1 {
					b.Fatalf("exit %d", code)
				}
			}
		})
	}
}
