package tui

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/feedtest"
)

// The malformed-input corpus: testdata/malformed holds one file per case
// (see its README.md), and MESSAGES there the problems 'feedsync
// validate' reports for each, as it prints them.
const malformedDir = "../testdata/malformed"

// malformedFiles returns the corpus's files, by name, sorted.
func malformedFiles(t testing.TB) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(malformedDir, "*.xml"))
	if err != nil || len(names) < 100 {
		t.Fatalf("%d files in %s, want 100 or more (%v)", len(names), malformedDir, err)
	}
	for i, n := range names {
		names[i] = filepath.Base(n)
	}
	slices.Sort(names)
	return names
}

// TestMalformedMessages checks what validate reports for each file of the
// corpus against MESSAGES (go test ./tui -run TestMalformedMessages
// -update rewrites it; review the diff).
func TestMalformedMessages(t *testing.T) {
	var all bytes.Buffer
	for _, name := range malformedFiles(t) {
		h := newHarness(t)
		data, err := os.ReadFile(filepath.Join(malformedDir, name))
		if err != nil {
			t.Fatal(err)
		}
		h.write(name, string(data))
		code, _, stderr := h.run("", "validate", h.path(name))
		stderr = strings.ReplaceAll(stderr, h.dir+string(filepath.Separator), "")
		if code != ExitError {
			t.Errorf("%s: validate exits %d, want 2", name, code)
		}
		for _, line := range strings.SplitAfter(stderr, "\n") {
			if line != "" && !strings.HasPrefix(line, "feedsync validate: warning: ") {
				problem, ok := strings.CutPrefix(line, "feedsync validate: ")
				if !ok {
					t.Errorf("%s: %q does not start with the command", name, line)
				}
				all.WriteString(problem)
			}
		}
	}
	feedtest.Golden(t, "../../testdata/malformed/MESSAGES", all.Bytes())
}

// expectedFirst returns, for each file, the first problem MESSAGES lists.
func expectedFirst(t *testing.T) map[string]string {
	data, err := os.ReadFile(filepath.Join(malformedDir, "MESSAGES"))
	if err != nil {
		t.Fatal(err)
	}
	first := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		name, _, ok := strings.Cut(line, ":")
		if _, seen := first[name]; ok && !seen {
			first[name] = line
		}
	}
	return first
}

// placeFirst is file:line:col at the start of a message.
var placeFirst = regexp.MustCompile(`^[^:\n]+:\d+:\d+: `)

// TestMalformedInputWritesNothing runs every command that reads a feed on
// every file of the corpus (issue 13): each must exit 2, print first the
// problem validate prints first, starting with file:line:col, print
// nothing on standard output, and leave every file as it was, with no
// temporary file, backup or sync state left behind (only the lock files,
// which stay by design). serve refuses a malformed FEED
// before it listens; sync and pull a malformed LOCAL before they fetch.
func TestMalformedInputWritesNothing(t *testing.T) {
	first := expectedFirst(t)
	good := map[string]string{"rss": oneItem, "sse": sseOne, "opml": sseOPML, "atom": atomOne}
	for _, name := range malformedFiles(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			want, ok := first[name]
			if !ok {
				t.Fatalf("no message for %s in MESSAGES (run with -update)", name)
			}
			data, _ := os.ReadFile(filepath.Join(malformedDir, name))
			h := newHarness(t)
			h.write(name, string(data))
			h.write("good.xml", good[partnerOf(name)])
			h.write("out.xml", "the previous OUT\n")
			commands := [][]string{
				{"validate", name},
				{"merge", name, "good.xml", "-o", "out.xml"},
				{"merge", "good.xml", name, "-o", "out.xml"},
				{"merge", name, "good.xml"},
				{"merge", name, name, "-o", name},
				{"conflicts", name},
				{"conflicts", "--json", name},
				{"update", name, "--id", "item1", "--title", "x", "--by", "A", "-o", "out.xml"},
				{"update", name, "--id", "item1", "--title", "x", "--by", "A", "-o", name},
				{"resolve", name, "--id", "item1", "--pick", "winner", "--by", "A", "-o", name},
				{"create", name, "--id", "new1", "--title", "x", "--by", "A", "-o", name},
				{"create", name, "--id", "new1", "--title", "x", "--by", "A"},
				{"serve", name, "--addr", "127.0.0.1:0"},
				{"sync", name, "http://127.0.0.1:1/", "--by", "A"},
				{"pull", name, "http://127.0.0.1:1/", "--by", "A"},
			}
			want = h.path(name) + strings.TrimPrefix(want, name)
			for _, args := range commands {
				args = slices.Clone(args)
				for i, a := range args {
					if strings.HasSuffix(a, ".xml") {
						args[i] = h.path(a)
					}
				}
				code, stdout, stderr := h.runWithin(10*time.Second, args...)
				line, _, _ := strings.Cut(stderr, "\n")
				line, named := strings.CutPrefix(line, "feedsync "+args[0]+": ")
				switch {
				case !named:
					t.Errorf("%q: %q does not start with the command", args, line)
				case code != ExitError:
					t.Errorf("%q: exit %d, want 2", args, code)
				case stdout != "":
					t.Errorf("%q: wrote %d bytes to standard output", args, len(stdout))
				case line != want:
					t.Errorf("%q: first line\n  %s\nwant\n  %s", args, line, want)
				case !placeFirst.MatchString(line):
					t.Errorf("%q: %q does not start with file:line:col", args, line)
				}
			}
			if got, _ := os.ReadFile(h.path(name)); !bytes.Equal(got, data) {
				t.Errorf("%s changed", name)
			}
			if h.read("out.xml") != "the previous OUT\n" {
				t.Error("out.xml changed")
			}
			entries, _ := os.ReadDir(h.dir)
			for _, e := range entries {
				switch n := e.Name(); {
				case n == name || n == "good.xml" || n == "out.xml" || strings.HasSuffix(n, ".lock"):
				default:
					t.Errorf("left behind: %s", n) // a temporary file, a backup, sync state
				}
			}
		})
	}
}

// runWithin is harness.run bounded in time: a command that should refuse
// its input at once (serve) must not run on.
func (h *harness) runWithin(d time.Duration, args ...string) (int, string, string) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	var out, errb bytes.Buffer
	env := &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Getenv: func(k string) string { return h.env[k] }}
	code := Run(ctx, args, env)
	return code, out.String(), errb.String()
}

// partnerOf names the valid feed a malformed one is merged with: one of
// its dialect and format where its name says so.
func partnerOf(name string) string {
	switch {
	case strings.HasPrefix(name, "sse-opml-"):
		return "opml"
	case strings.HasPrefix(name, "sse-"):
		return "sse"
	case strings.HasPrefix(name, "fs-atom-"):
		return "atom"
	}
	return "rss"
}

const sseOne = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
 <channel>
  <title>To Do List</title>
  <item>
   <title>Buy groceries</title>
   <sx:sync id="item1" version="1"><sx:history when="Sat, 21 May 2005 09:43:33 GMT" by="REO1750"/></sx:sync>
  </item>
 </channel>
</rss>
`

const sseOPML = `<?xml version="1.0" encoding="utf-8"?>
<opml version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
 <head><title>Outline</title></head>
 <body>
  <outline text="Groceries">
   <sx:sync id="o1" version="1"><sx:history by="REO1750"/></sx:sync>
  </outline>
 </body>
</opml>
`

const atomOne = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
 <title>To Do List</title>
 <id>urn:uuid:60a76c80-d399-11d9-b93C-0003939e0aaa</id>
 <updated>2005-05-21T11:43:33Z</updated>
 <entry>
  <title>Buy groceries</title>
  <id>urn:uuid:60a76c80-d399-11d9-b93C-0003939e0aa0</id>
  <updated>2005-05-21T11:43:33Z</updated>
  <sx:sync id="item1" updates="1"><sx:history sequence="1" by="REO1750"/></sx:sync>
 </entry>
</feed>
`

// BenchmarkMalformed validates the whole corpus: time per input byte
// (MB/s) and bytes allocated per input byte (alloc-B/B), the bound issue
// 13 asks for on hostile input.
//
// $ go test ./tui -run '^$' -bench Malformed -benchmem
func BenchmarkMalformed(b *testing.B) {
	type input struct {
		name string
		data []byte
	}
	var inputs []input
	total := 0
	for _, name := range malformedFiles(b) {
		data, err := os.ReadFile(filepath.Join(malformedDir, name))
		if err != nil {
			b.Fatal(err)
		}
		inputs = append(inputs, input{name, data})
		total += len(data)
	}
	b.SetBytes(int64(total))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for b.Loop() {
		for _, in := range inputs {
			dialect.Validate(in.name, in.data)
		}
	}
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/float64(total), "alloc-B/B")
}
