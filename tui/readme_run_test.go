package tui

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedtest"
	"github.com/feedsync/feedsync/tui/resolver"
)

// readmePath is the README, from this package's folder.
var readmePath = filepath.Join("..", "README.md")

func readREADME(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// codeBlock is one of README's fenced code blocks: its lines, its
// language, and the line of text just before its fence (a marker
// comment, or the sentence that introduces it).
type codeBlock struct {
	before, lang string
	lines        []string
}

func codeBlocks(readme string) []codeBlock {
	var out []codeBlock
	var cur *codeBlock
	prev := ""
	for _, line := range strings.Split(readme, "\n") {
		switch {
		case strings.HasPrefix(line, "```") && cur == nil:
			cur = &codeBlock{before: prev, lang: strings.TrimPrefix(line, "```")}
		case strings.HasPrefix(line, "```"):
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			cur.lines = append(cur.lines, line)
		case strings.TrimSpace(line) != "":
			prev = line
		}
	}
	return out
}

const (
	keysStart = "<!-- keys: made from tui/resolver's key bindings; go test ./tui -run TestREADMEKeys -update rewrites them -->\n"
	keysEnd   = "<!-- end of keys -->\n"
)

// TestREADMEKeys: README's short key tables are the keys the status bars
// of the list, an item and the merge view show first, made from the key
// bindings (resolver.KeyTables), so that the README cannot document a key
// that is bound differently. -update rewrites them.
func TestREADMEKeys(t *testing.T) {
	readme := readREADME(t)
	start, end := strings.Index(readme, keysStart), strings.Index(readme, keysEnd)
	if start < 0 || end < start {
		t.Fatalf("README.md lacks the markers %q and %q", keysStart, keysEnd)
	}
	got, want := readme[start+len(keysStart):end], readmeKeys()
	if got == want {
		return
	}
	if feedtest.Updating() {
		if err := os.WriteFile(readmePath, []byte(readme[:start+len(keysStart)]+want+readme[end:]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("README.md's keys differ from the bindings (go test ./tui -run TestREADMEKeys -update rewrites them):\n%s", feedtest.LineDiff(got, want))
}

// readmeKeys lays out the short key tables of the list, an item and the
// merge view as README writes them.
func readmeKeys() string {
	var b strings.Builder
	names := map[string]string{"the list": "The list", "an item": "An item", "the merge view (e)": "The merge view"}
	b.WriteString("\n| screen | keys |\n|---|---|\n")
	for _, tb := range resolver.KeyTables() {
		name, ok := names[tb.Screen]
		if !ok {
			continue
		}
		var keys []string
		for _, k := range tb.Short {
			keys = append(keys, "`"+strings.ReplaceAll(k.Keys, "|", `\|`)+"` "+k.Desc)
		}
		b.WriteString("| " + name + " | " + strings.Join(keys, " · ") + " |\n")
	}
	return b.String() + "\n"
}

// TestREADMERunsAsWritten runs README's command-line example, the code
// block after the "run:" marker, line by line in bash with the feedsync
// built from this checkout on PATH: each line exits 0, or the code its
// "# exit N" comment says, and the output README shows for a command (a
// block introduced by "`COMMAND` prints") is what it printed first.
func TestREADMERunsAsWritten(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the feedsync command")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	blocks := codeBlocks(readREADME(t))
	i := slices.IndexFunc(blocks, func(b codeBlock) bool { return strings.HasPrefix(b.before, "<!-- run:") })
	if i < 0 {
		t.Fatal("README.md has no block after a '<!-- run:' marker")
	}
	bin := filepath.Dir(feedtest.Command(t))
	dir := t.TempDir()
	env := append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "XDG_CONFIG_HOME="+filepath.Join(dir, "config"), "FEEDSYNC_BY=")
	exitComment := regexp.MustCompile(`#\s*exit (\d+)`)
	printed := map[string]string{}
	ran := 0
	for _, line := range blocks[i].lines {
		if strings.TrimSpace(line) == "" {
			continue
		}
		want := 0
		if m := exitComment.FindStringSubmatch(line); m != nil {
			want, _ = strconv.Atoi(m[1])
		}
		cmd := exec.Command(bash, "--norc", "--noprofile", "-c", line)
		cmd.Dir, cmd.Env = dir, env
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		if code := cmd.ProcessState.ExitCode(); code != want {
			t.Fatalf("%s\nexit %d (%v), want %d; stderr:\n%s", line, code, err, want, errb.String())
		}
		c := strings.TrimSpace(regexp.MustCompile(`\s+#.*$`).ReplaceAllString(line, ""))
		if _, ok := printed[c]; !ok {
			printed[c] = out.String()
		}
		ran++
	}
	shown := 0
	prints := regexp.MustCompile("^`(feedsync [^`]+)` prints")
	for _, b := range blocks {
		if m := prints.FindStringSubmatch(b.before); m != nil {
			shown++
			got, ok := printed[m[1]]
			if want := strings.Join(b.lines, "\n") + "\n"; !ok || got != want {
				t.Errorf("README.md shows %q printing:\n%s\nit printed:\n%s", m[1], want, got)
			}
		}
	}
	if ran < 5 || shown == 0 {
		t.Errorf("ran %d lines, checked the output of %d", ran, shown)
	}
}

// TestREADMECommandsAreReal: every feedsync command line in README's
// shell blocks names a command and only flags that command's -h lists;
// every 'feedsync help TOPIC' is a topic; every 'go doc ./PKG' and 'go
// test ./PKG' names a package folder, and every 'go test -run X' a test
// function there, so that none of them fails when a reader runs it.
func TestREADMECommandsAreReal(t *testing.T) {
	h := newHarness(t)
	readme := readREADME(t)
	flag := regexp.MustCompile(`(?:^|\s)(--?[a-z][a-z-]*)`)
	checked := 0
	for _, b := range codeBlocks(readme) {
		for _, line := range b.lines {
			line = strings.TrimSpace(regexp.MustCompile(`(\s{3,}|\s+#).*$`).ReplaceAllString(line, ""))
			f := strings.Fields(line)
			switch {
			case b.lang != "sh":
			case len(f) >= 2 && f[0] == "feedsync":
				checked++
				args := f[1:2]
				if (f[1] == "cse" || f[1] == "git" || f[1] == "db") && len(f) > 2 {
					args = f[1:3]
				}
				code, usage, _ := h.run("", append(slices.Clone(args), "-h")...)
				if code != ExitOK {
					t.Errorf("README.md runs %q: %v is no command", line, args)
					continue
				}
				for _, m := range flag.FindAllStringSubmatch(strings.Join(f[len(args)+1:], " "), -1) {
					if m[1] != "-" && !regexp.MustCompile(`(?m)^  `+regexp.QuoteMeta(m[1])+`\b`).MatchString(usage) {
						t.Errorf("README.md runs %q: %s -h lists no %s", line, strings.Join(args, " "), m[1])
					}
				}
			case len(f) >= 3 && f[0] == "go" && (f[1] == "doc" || f[1] == "test"):
				checked++
				checkGoCommand(t, line, f)
			}
		}
	}
	for _, m := range regexp.MustCompile("`feedsync help ([a-z-]+)`").FindAllStringSubmatch(readme, -1) {
		checked++
		if _, ok := findTopic(m[1]); !ok {
			t.Errorf("README.md names 'feedsync help %s', which is no topic", m[1])
		}
	}
	if checked < 40 {
		t.Errorf("checked %d commands of README.md", checked)
	}
}

// checkGoCommand checks that the packages a go doc or go test line names
// exist and that its -run pattern names a test there.
func checkGoCommand(t *testing.T, line string, f []string) {
	t.Helper()
	var pkgs, own []string
	run := ""
	goFlags := map[string]bool{"run": true, "bench": true, "benchtime": true, "benchmem": true, "short": true, "fuzz": true, "count": true, "v": true, "http": true}
	for i, a := range f {
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch {
		case strings.HasPrefix(a, "./"):
			pkgs = append(pkgs, strings.TrimSuffix(a, "/..."))
		case a == "-run" && i+1 < len(f):
			run = strings.Trim(f[i+1], "'")
		case strings.HasPrefix(a, "-") && !goFlags[name] && f[1] == "test":
			own = append(own, name) // a flag of the package's tests: -update, -sweep=full
		}
	}
	for _, name := range own {
		if !slices.ContainsFunc(pkgs, func(p string) bool { return testFlagDefined(filepath.Join("..", p), name) }) && !testFlagDefined(filepath.Join("..", "feeds", "feedtest"), name) {
			t.Errorf("README.md runs %q: the tests of %v define no flag -%s", line, pkgs, name)
		}
	}
	if len(pkgs) == 0 && f[1] == "test" {
		t.Errorf("README.md runs %q, which names no package", line)
	}
	for _, p := range pkgs {
		dir := filepath.Join("..", p)
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			t.Errorf("README.md runs %q: no package %s", line, p)
			continue
		}
		if run == "" || run == "^$" {
			continue
		}
		found := false
		for _, name := range strings.Split(run, "|") {
			files, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
			for _, file := range files {
				b, _ := os.ReadFile(file)
				if regexp.MustCompile(`func (Test|Benchmark|Fuzz)?\w*` + regexp.QuoteMeta(strings.TrimPrefix(name, "Test")) + `\w*\(`).Match(b) {
					found = true
				}
			}
		}
		if !found {
			t.Errorf("README.md runs %q: no test in %s matches -run %s", line, p, run)
		}
	}
}

// testFlagDefined reports whether the Go files of dir define the flag
// name ('flag.Int("seeds", ...)').
func testFlagDefined(dir, name string) bool {
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, file := range files {
		if b, _ := os.ReadFile(file); regexp.MustCompile(`flag\.\w+\("` + regexp.QuoteMeta(name) + `"`).Match(b) {
			return true
		}
	}
	return false
}
