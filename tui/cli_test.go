package tui

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedtest"
)

// harness runs the command line in a temporary folder.
type harness struct {
	t   *testing.T
	dir string
	env map[string]string
}

func newHarness(t *testing.T) *harness {
	dir := t.TempDir()
	return &harness{t: t, dir: dir, env: map[string]string{"XDG_CONFIG_HOME": filepath.Join(dir, "config")}}
}

func (h *harness) path(name string) string { return filepath.Join(h.dir, name) }

func (h *harness) write(name, body string) string {
	h.t.Helper()
	p := h.path(name)
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		h.t.Fatal(err)
	}
	return p
}

func (h *harness) read(name string) string {
	h.t.Helper()
	b, err := os.ReadFile(h.path(name))
	if err != nil {
		h.t.Fatal(err)
	}
	return string(b)
}

// run runs feedsync with args and standard input, and returns the exit
// code, standard output and standard error.
func (h *harness) run(stdin string, args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	env := &Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb,
		Getenv: func(k string) string { return h.env[k] }}
	code := Run(context.Background(), args, env)
	return code, out.String(), errb.String()
}

const oneItem = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync">
 <channel>
  <title>To Do List</title>
  <item>
   <title>Buy groceries</title>
   <description>Get milk and eggs</description>
   <sx:sync id="item1" updates="1">
    <sx:history sequence="1" when="2005-05-21T09:43:33Z" by="REO1750"/>
   </sx:sync>
  </item>
 </channel>
</rss>
`

func TestUsage(t *testing.T) {
	h := newHarness(t)
	cases := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"no arguments", nil, ExitError, ""},
		{"unknown command", []string{"frobnicate"}, ExitError, `unknown command "frobnicate"`},
		{"merge needs two feeds", []string{"merge", "a.xml"}, ExitError, "want LOCAL and REMOTE"},
		{"unknown flag", []string{"merge", "--frob", "a", "b"}, ExitError, "flag provided but not defined"},
		{"create needs --id", []string{"create", "f.xml"}, ExitError, "--id is required"},
		{"bad --when", []string{"create", "f.xml", "--id", "x", "--by", "A", "--when", "2005-05-21T11:43:33+01:00"}, ExitError, "RFC 3339 in UTC"},
		{"fractional --when", []string{"create", "f.xml", "--id", "x", "--by", "A", "--when", "2005-05-21T11:43:33.5Z"}, ExitError, "whole seconds"},
		{"bad --by", []string{"create", "f.xml", "--id", "x", "--by", "has space"}, ExitError, "RFC 2141"},
		{"delete and undelete", []string{"update", "f.xml", "--id", "x", "--by", "A", "--delete", "--undelete"}, ExitError, "exclude each other"},
		{"update with nothing to change", []string{"update", "f.xml", "--id", "x", "--by", "A"}, ExitError, "nothing to change"},
		{"update --place 0", []string{"update", "f.xml", "--id", "x", "--by", "A", "--place", "0"}, ExitError, "--place 0: places count from 1"},
		{"create --place -1", []string{"create", "f.xml", "--id", "x", "--by", "A", "--place", "-1"}, ExitError, "--place -1: places count from 1"},
		{"standard input twice", []string{"merge", "-", "-"}, ExitError, "standard input (-) can be read once"},
		{"standard input twice, validate", []string{"validate", "f.xml", "-", "-"}, ExitError, "standard input (-) can be read once"},
		{"--pick without --id", []string{"resolve", "f.xml", "--pick", "winner"}, ExitError, "--pick needs --id"},
		{"--only without --pick", []string{"resolve", "f.xml", "--only", "1"}, ExitError, "go with --pick"},
		{"missing file", []string{"validate", "nope.xml"}, ExitError, "nope.xml"},
	}
	h.write("f.xml", oneItem)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string(nil), c.args...)
			for i, a := range args {
				if a == "f.xml" {
					args[i] = h.path(a)
				}
			}
			code, _, stderr := h.run("", args...)
			if code != c.code {
				t.Errorf("exit %d, want %d; stderr:\n%s", code, c.code, stderr)
			}
			if !strings.Contains(stderr, c.stderr) {
				t.Errorf("stderr lacks %q:\n%s", c.stderr, stderr)
			}
		})
	}
	code, out, _ := h.run("", "--help")
	if code != ExitOK || !strings.Contains(out, "Exit codes (") || !strings.Contains(out, "feedsync merge LOCAL REMOTE [-o OUT]") {
		t.Errorf("--help: exit %d\n%s", code, out)
	}
	code, out, _ = h.run("", "create", "-h")
	if code != ExitOK || !strings.Contains(out, "-noconflicts") {
		t.Errorf("create -h: exit %d\n%s", code, out)
	}
}

// -o writes atomically and keeps the replaced file as OUT.bak.
func TestOutputAtomicWithBackup(t *testing.T) {
	h := newHarness(t)
	h.write("f.xml", oneItem)
	code, _, stderr := h.run("", "update", h.path("f.xml"), "--id", "item1", "--title", "Buy bread", "--by", "A", "--when", "2005-05-22T00:00:00Z", "-o", h.path("f.xml"))
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if got := h.read("f.xml.bak"); got != oneItem {
		t.Errorf("backup differs from the replaced file:\n%s", got)
	}
	if got := h.read("f.xml"); !strings.Contains(got, "Buy bread") || !strings.Contains(got, `updates="2"`) {
		t.Errorf("output lacks the update:\n%s", got)
	}
}

// A malformed or invalid feed gives file:line:col, exit 2, and no output.
func TestBadInputWritesNothing(t *testing.T) {
	h := newHarness(t)
	h.write("out.xml", "precious")
	h.write("bad.xml", "<rss version=\"2.0\">\n <channel>\n  <item>\n </channel>\n</rss>\n")
	h.write("invalid.xml", strings.Replace(oneItem, `updates="1"`, `updates="0"`, 1))
	h.write("good.xml", oneItem)
	for _, c := range []struct{ name, file, where string }{
		{"malformed", "bad.xml", "bad.xml:4:"},
		{"invalid", "invalid.xml", "invalid.xml:8:4: sx:sync: updates"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := h.run("", "merge", h.path("good.xml"), h.path(c.file), "-o", h.path("out.xml"))
			if code != ExitError {
				t.Errorf("exit %d, want 2", code)
			}
			if !strings.Contains(stderr, c.where) {
				t.Errorf("stderr lacks %q:\n%s", c.where, stderr)
			}
			if stdout != "" || h.read("out.xml") != "precious" {
				t.Errorf("something was written: stdout %q", stdout)
			}
		})
	}
}

func TestStdinAndURL(t *testing.T) {
	h := newHarness(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/feed.xml" {
			http.NotFound(w, r)
			return
		}
		w.Write([]byte(oneItem))
	}))
	defer srv.Close()
	code, out, stderr := h.run(oneItem, "merge", "-", srv.URL+"/feed.xml")
	if code != ExitOK || !strings.Contains(out, `id="item1"`) {
		t.Errorf("merge - URL: exit %d, stderr %s", code, stderr)
	}
	code, _, stderr = h.run("", "validate", srv.URL+"/missing.xml")
	if code != ExitError || !strings.Contains(stderr, "404") {
		t.Errorf("missing URL: exit %d, stderr %s", code, stderr)
	}
}

// The endpoint id is made once, kept, and reused; $FEEDSYNC_BY overrides it.
func TestEndpoint(t *testing.T) {
	h := newHarness(t)
	code, first, _ := h.run("", "endpoint")
	if code != ExitOK || !strings.HasPrefix(first, "feedsync-") {
		t.Fatalf("endpoint: exit %d, %q", code, first)
	}
	if _, second, _ := h.run("", "endpoint"); second != first {
		t.Errorf("endpoint changed: %q then %q", first, second)
	}
	h.env["FEEDSYNC_BY"] = "me@example"
	if _, got, _ := h.run("", "endpoint"); got != "me@example\n" {
		t.Errorf("FEEDSYNC_BY not used: %q", got)
	}
}

func TestResolveWithoutTerminal(t *testing.T) {
	h := newHarness(t)
	h.write("f.xml", oneItem)
	code, _, stderr := h.run("", "resolve", h.path("f.xml"), h.path("f.xml"))
	if code != ExitError || !strings.Contains(stderr, "--pick") || !strings.Contains(stderr, "conflicts --json") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
}

func TestResolveNoConflicts(t *testing.T) {
	h := newHarness(t)
	h.write("f.xml", oneItem)
	code, _, stderr := h.run("", "resolve", h.path("f.xml"), "--id", "item1", "--pick", "winner", "--by", "A")
	if code != ExitError || !strings.Contains(stderr, "no conflicts") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
}

func TestConflictsJSON(t *testing.T) {
	h := newHarness(t)
	raw, _ := os.ReadFile(filepath.Join("..", "testdata", "scenarios", "spec-3.4-resolution.txtar"))
	h.write("f.xml", feedtest.ParseArchive(string(raw)).Files["feed.xml"])
	code, out, _ := h.run("", "conflicts", h.path("f.xml"), "--json")
	if code != ExitAttention {
		t.Errorf("exit %d, want 1", code)
	}
	var list ConflictList
	if err := json.Unmarshal([]byte(out), &list); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(list.Items) != 1 || len(list.Items[0].Versions) != 1 {
		t.Fatalf("got %+v", list)
	}
	it := list.Items[0]
	if it.ID != "item_1_myapp_2005-05-21T11:43:33Z" || it.Winner.Updates != 4 || it.Winner.History[0].By != "GPM7383" ||
		it.Versions[0].History[0].When != "2005-05-21T12:03:33Z" {
		t.Errorf("got %+v", it)
	}
	found := false
	for _, f := range it.Versions[0].Shared {
		found = found || strings.Contains(f.Value, "rolls")
	}
	if !found {
		t.Errorf("the version's shared data lacks its content: %+v", it.Versions[0].Shared)
	}
	code, out, _ = h.run("", "conflicts", h.path("f.xml"))
	if code != ExitAttention || !strings.Contains(out, "GPM7383, JEO2000") {
		t.Errorf("table: exit %d\n%s", code, out)
	}
}

// TestConflictsTableCountsAsPick guards QA Q4: the table's count is the
// number of conflict versions beside the winner, the N of 'resolve --pick
// N' and of the resolver's "others", not that number plus the winner.
func TestConflictsTableCountsAsPick(t *testing.T) {
	h := newHarness(t)
	raw, _ := os.ReadFile(filepath.Join("..", "testdata", "scenarios", "spec-3.4-resolution.txtar"))
	h.write("f.xml", feedtest.ParseArchive(string(raw)).Files["feed.xml"])
	_, out, _ := h.run("", "conflicts", h.path("f.xml"))
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || !slices.Equal(strings.Fields(lines[0]), []string{"ID", "TITLE", "OTHERS", "ENDPOINTS"}) {
		t.Fatalf("table:\n%s", out)
	}
	if !strings.Contains(lines[1], "  1  ") {
		t.Errorf("the item has one conflict version (--pick 1), the row says otherwise:\n%s", out)
	}
	if code, _, stderr := h.run("", "resolve", h.path("f.xml"), "--id", "item_1_myapp_2005-05-21T11:43:33Z", "--pick", "2"); code != ExitError {
		t.Errorf("--pick 2 of an item with one conflict version: exit %d\n%s", code, stderr)
	}
}

// TestPanicReported guards issue 13 item 2: a panic in a command reaches
// the user as one line naming the bug and its place, with exit code 2,
// never as a Go stack trace.
func TestPanicReported(t *testing.T) {
	saved := commands
	t.Cleanup(func() { commands = saved })
	commands = append(commands[:len(commands):len(commands)], command{name: "crash", run: func(context.Context, *Env, []string) error {
		var m map[string]int
		m["x"] = 1 // assignment to a nil map
		return nil
	}})
	h := newHarness(t)
	code, stdout, stderr := h.run("", "crash")
	if code != ExitError || stdout != "" {
		t.Errorf("exit %d, stdout %q", code, stdout)
	}
	if strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "feedsync crash: bug: assignment to entry in nil map in tui.TestPanicReported.func") ||
		!strings.Contains(stderr, "(cli_test.go:") || strings.Contains(stderr, "goroutine") {
		t.Errorf("stderr:\n%s", stderr)
	}
}

// validate prints an SSE 0.91 feed's warnings and still calls it valid
// (issue 13: they were dropped); a feed with no sync data is valid.
func TestValidateWarnings(t *testing.T) {
	h := newHarness(t)
	h.write("dup.xml", `<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse"><channel>
<item><title>A</title><sx:sync id="1" version="1"><sx:history by="X"/></sx:sync></item>
<item><title>B</title><sx:sync id="1" version="1"><sx:history by="X"/></sx:sync></item>
</channel></rss>`)
	h.write("empty.xml", "<rss version=\"2.0\"><channel><title>Empty</title></channel></rss>\n")
	code, out, stderr := h.run("", "validate", h.path("dup.xml"), h.path("empty.xml"))
	if code != ExitOK || !strings.Contains(out, "dup.xml: valid") || !strings.Contains(out, "empty.xml: valid") {
		t.Errorf("exit %d, stdout %q", code, out)
	}
	if !strings.Contains(stderr, "warning: "+h.path("dup.xml")+":3:") {
		t.Errorf("the warning is not printed with its place:\n%s", stderr)
	}
}

// An empty OPML outline has no dialect yet; create makes an SSE 0.91
// outline in it, the only dialect that binds OPML.
func TestCreateInEmptyOPML(t *testing.T) {
	h := newHarness(t)
	h.write("subs.opml", "<opml version=\"2.0\"><head><title>Subs</title></head><body></body></opml>\n")
	code, out, stderr := h.run("", "create", h.path("subs.opml"), "--id", "bbc", "--title", "BBC", "--by", "A", "--when", "2026-03-09T12:00:00Z")
	if code != ExitOK || !strings.Contains(out, `xmlns:sx="https://www.microsoft.com/schemas/rss/sse"`) || !strings.Contains(out, `<outline text="BBC"`) {
		t.Errorf("exit %d, stderr %s\n%s", code, stderr, out)
	}
	code, out, _ = h.run("", "conflicts", "--json", h.path("subs.opml"))
	if code != ExitOK || !strings.Contains(out, `"dialect": "none"`) {
		t.Errorf("conflicts --json of a feed without sync data: exit %d\n%s", code, out)
	}
}

// TestResolveFields: resolve --pick with --field and --remove-field edits
// fields other than the title and the content (1.0.2 §3.4 step 1.3), and a
// key that names no shared field is a usage error that writes nothing.
func TestResolveFields(t *testing.T) {
	const feed = `<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel><item>
<title>T</title><category>home</category><guid>g</guid>
<sx:sync id="x" updates="2"><sx:history sequence="2" when="2005-05-21T12:00:00Z" by="A"/>
<sx:conflicts><item><title>T</title><category domain="urn:s">work</category>
<sx:sync id="x" updates="2"><sx:history sequence="2" when="2005-05-21T11:00:00Z" by="B"/></sx:sync></item></sx:conflicts>
</sx:sync></item></channel></rss>`
	h := newHarness(t)
	h.write("f.xml", feed)
	code, _, stderr := h.run("", "resolve", h.path("f.xml"), "--id", "x", "--pick", "winner",
		"--field", "category[2]=work (urn:s)", "--field", "category[3]=later", "--remove-field", "category[1]",
		"--by", "C", "--when", "2005-05-22T00:00:00Z", "-o", h.path("out.xml"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	out := h.read("out.xml")
	if !strings.Contains(out, `<category domain="urn:s">work</category>`) || !strings.Contains(out, "<category>later</category>") ||
		strings.Contains(out, "<category>home</category>") || strings.Contains(out, "sx:conflicts") {
		t.Errorf("the fields were not edited as asked:\n%s", out)
	}
	code, _, stderr = h.run("", "resolve", h.path("f.xml"), "--id", "x", "--pick", "winner", "--field", "guid=h",
		"--by", "C", "--when", "2005-05-22T00:00:00Z", "-o", h.path("bad.xml"))
	if code != 2 || !strings.Contains(stderr, "--field guid") {
		t.Errorf("a publisher's field: exit %d, %q", code, stderr)
	}
	if _, err := os.Stat(h.path("bad.xml")); !os.IsNotExist(err) {
		t.Error("a refused edit wrote the output")
	}
	code, _, stderr = h.run("", "resolve", h.path("f.xml"), "--id", "x", "--pick", "winner", "--field", "novalue")
	if code != 2 || !strings.Contains(stderr, "KEY=VALUE") {
		t.Errorf("--field without =: exit %d, %q", code, stderr)
	}
}

// citation is a spec section as usage text cites it: the dialect first,
// then one or more sections of it ("1.0.2 §3.2 and §4", "0.91 §4.2").
var citation = regexp.MustCompile(`(?:1\.0\.2|0\.91) §\d+(?:\.\d+)*(?:(?:, | and )§\d+(?:\.\d+)*)*`)

// TestUsageCitesSectionsByDialect: FeedSync 1.0.2 and SSE 0.91 number
// their sections differently (1.0.2 §4 is partial feeds, 0.91 §4 history),
// so every section the help and each command's -h cite names its dialect;
// the commands that act in both dialects cite both.
func TestUsageCitesSectionsByDialect(t *testing.T) {
	h := newHarness(t)
	runs := [][]string{{"--help"}}
	for _, c := range commands {
		runs = append(runs, []string{c.name, "-h"})
	}
	for _, c := range cseCommands {
		runs = append(runs, []string{"cse", c.name, "-h"})
	}
	for _, args := range runs {
		_, out, errs := h.run("", args...)
		for i, line := range strings.Split(out+errs, "\n") {
			if rest := citation.ReplaceAllString(line, ""); strings.Contains(rest, "§") {
				t.Errorf("feedsync %s, line %d: a section without its dialect: %q", strings.Join(args, " "), i+1, line)
			}
		}
	}
	_, out, _ := h.run("", "--help")
	for _, want := range []string{
		"merge REMOTE's items into LOCAL (1.0.2 §3.3, 0.91 §4.4)",
		"add a new item (1.0.2 §3.1, 0.91 §4.1)",
		"change, delete or undelete an item (1.0.2 §3.2, 0.91 §4.2)",
		"resolve conflicts (1.0.2 §3.4, 0.91 §5)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("--help lacks %q", want)
		}
	}
}
