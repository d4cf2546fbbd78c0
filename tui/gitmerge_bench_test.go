package tui

import (
	"fmt"
	"io"
	"testing"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/feedgen"
	"github.com/feedsync/feedsync/feeds/gitmerge"
)

// The merge driver against the plain merge of the same pair ('feedsync
// merge'), on generated pairs of 10k and 100k items, about 10% changed on
// both sides:
//
//	go test ./tui -run '^$' -bench GitMerge -benchtime 3x -benchmem
//
// BenchmarkGitMerge is the driver's work (parse the ancestor, ours and
// theirs, merge, write), with ours as the ancestor, so that every item is
// compared three ways and theirs' changed items are taken whole.
// BenchmarkGitMergePlain parses two and merges. The driver is meant to
// cost at most twice the plain merge: it reads a third version and
// compares every item of the three.
func BenchmarkGitMerge(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		l, r := feedgen.Pair(n, 0.1, 1)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			env := &Env{Stderr: io.Discard}
			b.SetBytes(int64(len(l) + len(r)))
			for b.Loop() {
				base, err := parseFeed(env, "base", l)
				if err != nil {
					b.Fatal(err)
				}
				v := gitmerge.Versions{Base: gitmerge.NewBase(base)}
				if v.Ours, err = parseFeed(env, "ours", l); err != nil {
					b.Fatal(err)
				}
				if v.Theirs, err = parseFeed(env, "theirs", r); err != nil {
					b.Fatal(err)
				}
				out, err := gitmerge.Merge(v)
				if err != nil {
					b.Fatal(err)
				}
				out.Doc.WriteTo(io.Discard)
			}
		})
	}
}

func BenchmarkGitMergePlain(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		l, r := feedgen.Pair(n, 0.1, 1)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(l) + len(r)))
			for b.Loop() {
				ld, err := dialect.Parse("local", l)
				if err != nil {
					b.Fatal(err)
				}
				rd, err := dialect.Parse("remote", r)
				if err != nil {
					b.Fatal(err)
				}
				m, err := dialect.Merge(ld, rd)
				if err != nil {
					b.Fatal(err)
				}
				m.WriteTo(io.Discard)
			}
		})
	}
}
