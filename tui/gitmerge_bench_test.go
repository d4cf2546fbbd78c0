package tui

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/feedgen"
	"github.com/feedsync/feedsync/feeds/feedtest"
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

// BenchmarkGitMergeVsMergeFile runs the driver as git runs it, a whole
// 'feedsync git-merge' process on the three versions of feedgen.Triple
// (an ancestor and two branches, 10% of the items changed on both sides,
// half of those apart), and 'git merge-file' on the same three files, in
// turn, and reports the driver's CPU time (user and system, of the whole
// process) over git merge-file's (x-merge-file-cpu) and its wall time's
// (x-merge-file-wall). The target is 2 (issue 30 item 2):
//
//	go test ./tui -run '^$' -bench GitMergeVsMergeFile -benchtime 5x
func BenchmarkGitMergeVsMergeFile(b *testing.B) {
	if _, err := exec.LookPath("git"); err != nil {
		b.Skip("git is not installed")
	}
	bin := feedtest.Command(b)
	for _, n := range []int{10_000} {
		base, ours, theirs := feedgen.Triple(n, 0.1, 1)
		dir := b.TempDir()
		files := map[string][]byte{"base.xml": base, "ours.xml": ours, "theirs.xml": theirs}
		for name, data := range files {
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				b.Fatal(err)
			}
		}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			var driver, mergeFile cost
			for b.Loop() {
				driver.add(b, ours, filepath.Join(dir, "cur-driver.xml"), func(cur string) *exec.Cmd {
					return exec.Command(bin, "git-merge", "--by", "bench", filepath.Join(dir, "base.xml"), cur, filepath.Join(dir, "theirs.xml"))
				})
				mergeFile.add(b, ours, filepath.Join(dir, "cur-git.xml"), func(cur string) *exec.Cmd {
					return exec.Command("git", "merge-file", cur, filepath.Join(dir, "base.xml"), filepath.Join(dir, "theirs.xml"))
				})
			}
			b.ReportMetric(float64(driver.cpu)/float64(mergeFile.cpu), "x-merge-file-cpu")
			b.ReportMetric(float64(driver.wall)/float64(mergeFile.wall), "x-merge-file-wall")
		})
	}
}

// cost adds up the CPU and wall time of runs of a command.
type cost struct{ cpu, wall time.Duration }

// add writes ours to cur, as git does before it runs a driver, and runs
// the command on it.
func (c *cost) add(b *testing.B, ours []byte, cur string, cmd func(string) *exec.Cmd) {
	b.Helper()
	if err := os.WriteFile(cur, ours, 0o644); err != nil {
		b.Fatal(err)
	}
	run := cmd(cur)
	start := time.Now()
	err := run.Run()
	c.wall += time.Since(start)
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		b.Fatal(err)
	}
	c.cpu += run.ProcessState.UserTime() + run.ProcessState.SystemTime()
}
