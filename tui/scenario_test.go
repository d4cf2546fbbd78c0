package tui

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds/feedtest"
)

// splitArgs splits a command line on spaces, keeping "quoted words" whole.
func splitArgs(s string) []string {
	var args []string
	var cur strings.Builder
	inQuote, started := false, false
	for _, r := range strings.TrimSpace(s) {
		switch {
		case r == '"':
			inQuote, started = !inQuote, true
		case r == ' ' && !inQuote:
			if started {
				args = append(args, cur.String())
				cur.Reset()
				started = false
			}
		default:
			cur.WriteRune(r)
			started = true
		}
	}
	if started {
		args = append(args, cur.String())
	}
	return args
}

// TestScenarios runs every testdata/scenarios/*.txtar through the command line.
func TestScenarios(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("..", "testdata", "scenarios", "*.txtar"))
	if len(paths) == 0 {
		t.Fatal("no scenarios found")
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			runScenario(t, path)
		})
	}
}

func runScenario(t *testing.T, path string) {
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a := feedtest.ParseArchive(string(raw))
	dir := t.TempDir()
	for name, body := range a.Files {
		if !strings.HasPrefix(name, "want") && name != "cmd" {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	args := splitArgs(a.Files["cmd"])
	for i, arg := range args {
		if _, ok := a.Files[arg]; ok {
			args[i] = filepath.Join(dir, arg)
		}
	}
	var stdout, stderr bytes.Buffer
	env := &Env{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr,
		Getenv: func(k string) string {
			if k == "XDG_CONFIG_HOME" {
				return dir
			}
			return ""
		}}
	code := Run(context.Background(), args, env)
	got := strings.ReplaceAll(stdout.String(), dir+string(filepath.Separator), "")
	wantExit := 0
	if s, ok := a.Files["want.exit"]; ok {
		wantExit, _ = strconv.Atoi(strings.TrimSpace(s))
	}
	if code != wantExit {
		t.Errorf("exit code %d, want %d\nstderr:\n%s", code, wantExit, stderr.String())
	}
	for _, line := range strings.Split(strings.TrimSpace(a.Files["want.stderr"]), "\n") {
		if line != "" && !strings.Contains(stderr.String(), line) {
			t.Errorf("stderr lacks %q:\n%s", line, stderr.String())
		}
	}
	key := "want.xml"
	if _, ok := a.Files["want.out"]; ok {
		key = "want.out"
	}
	if feedtest.Updating() {
		a.Files[key] = got
		if err := os.WriteFile(path, []byte(a.Format()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want := a.Files[key]
	if key == "want.xml" {
		got, want = canonicalXML(t, got), canonicalXML(t, want)
	}
	if got != want {
		t.Errorf("output differs (-want +got):\n%s", feedtest.LineDiff(want, got))
	}
}

// canonicalXML re-indents a document and sorts attributes, so that only
// the content counts.
func canonicalXML(t *testing.T, s string) string {
	t.Helper()
	if strings.TrimSpace(s) == "" {
		return ""
	}
	doc := etree.NewDocument()
	if err := doc.ReadFromString(s); err != nil {
		t.Fatalf("not XML: %v\n%s", err, s)
	}
	var walk func(e *etree.Element)
	walk = func(e *etree.Element) {
		sort.Slice(e.Attr, func(i, j int) bool { return e.Attr[i].FullKey() < e.Attr[j].FullKey() })
		for _, c := range e.ChildElements() {
			walk(c)
		}
	}
	if root := doc.Root(); root != nil {
		walk(root)
	}
	doc.Indent(1)
	out, _ := doc.WriteToString()
	return out
}
