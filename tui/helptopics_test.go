package tui

import (
	"bytes"
	"context"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"io/fs"
	"os/exec"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/feedsync/feedsync/tui/resolver"
)

// TestHelpListsEveryTopic: 'feedsync help' and -h list every topic
// beside the commands, 'help TOPIC' prints it, and every topic has its
// text and every text its topic.
func TestHelpListsEveryTopic(t *testing.T) {
	h := newHarness(t)
	_, general, _ := h.run("", "help")
	files, err := fs.Glob(topicFiles, "topics/*.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(helpTopics) {
		t.Errorf("%d topic files, %d topics: %v", len(files), len(helpTopics), files)
	}
	for _, want := range []string{"exit-codes", "fields", "resolver", "sync", "git", "reliability", "formats"} {
		if _, ok := findTopic(want); !ok {
			t.Errorf("no topic %q", want)
		}
	}
	for _, tp := range helpTopics {
		if !regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(tp.name) + ` +\S`).MatchString(general) {
			t.Errorf("'feedsync help' does not list the topic %s", tp.name)
		}
		code, out, stderr := h.run("", "help", tp.name)
		if code != ExitOK || stderr != "" || out != topicText(tp.name) {
			t.Errorf("help %s: exit %d, stderr %q, %d bytes of stdout", tp.name, code, stderr, len(out))
		}
		if first := "feedsync help " + tp.name + ": "; !strings.HasPrefix(out, first) {
			t.Errorf("help %s starts %q, want %q", tp.name, strings.SplitN(out, "\n", 2)[0], first)
		}
		if strings.Contains(out, "{{") {
			t.Errorf("help %s has a placeholder not filled in", tp.name)
		}
	}
	if code, _, stderr := h.run("", "help", "frobnicate"); code != ExitError || !strings.Contains(stderr, `no help topic or command "frobnicate"`) {
		t.Errorf("help frobnicate: exit %d, %q", code, stderr)
	}
}

// TestHelpTopicsFit80Columns: every line of every topic, placeholders
// filled in, fits 80 columns, and no line ends in spaces.
func TestHelpTopicsFit80Columns(t *testing.T) {
	for _, tp := range helpTopics {
		for i, line := range strings.Split(topicText(tp.name), "\n") {
			if n := utf8.RuneCountInString(line); n > 80 {
				t.Errorf("help %s, line %d: %d columns: %q", tp.name, i+1, n, line)
			}
			if strings.TrimRight(line, " \t") != line {
				t.Errorf("help %s, line %d ends in spaces: %q", tp.name, i+1, line)
			}
		}
	}
}

// TestEveryFlagIsInItsTopic: every flag that a command's -h lists (found
// by running -h on every command of the command table, cse's and git's
// subcommands included) is explained in prose in one of the command's
// topics, not only in a usage line filled in from the code. A command
// added to the table without a topic fails here, as does a new flag.
func TestEveryFlagIsInItsTopic(t *testing.T) {
	h := newHarness(t)
	flagLine := regexp.MustCompile(`(?m)^  (--?[a-z][a-z-]*)`)
	for _, args := range helpCommands() {
		topics, ok := commandTopics[args[0]]
		if !ok {
			t.Errorf("%s has no help topic: add it to commandTopics", args[0])
			continue
		}
		_, usage, _ := h.run("", append(slices.Clone(args), "-h")...)
		for _, m := range flagLine.FindAllStringSubmatch(usage, -1) {
			flag := m[1]
			if !slices.ContainsFunc(topics, func(tp string) bool { return mentions(topicProse(tp), flag) }) {
				t.Errorf("%s %s is explained in none of the topics %v", strings.Join(args, " "), flag, topics)
			}
		}
	}
}

// helpCommands are the command lines whose -h lists flags: every command,
// and cse's, db's and git's subcommands.
func helpCommands() [][]string {
	var out [][]string
	for _, c := range commands {
		switch c.name {
		case "cse":
			for _, s := range cseCommands {
				out = append(out, []string{"cse", s.name})
			}
		case "git":
			out = append(out, []string{"git", "setup"})
		case "db":
			for _, s := range dbCommands {
				out = append(out, []string{"db", s.name})
			}
		default:
			out = append(out, []string{c.name})
		}
	}
	return out
}

// topicProse is a topic's text without its usage lines, the part a
// person wrote.
func topicProse(name string) string {
	return placeholder().ReplaceAllString(topicSource(name), "")
}

// mentions reports whether text names flag as a word of its own.
func mentions(text, flag string) bool {
	return regexp.MustCompile(`(^|[\s('"/])` + regexp.QuoteMeta(flag) + `($|[\s)'",.:;=/])`).MatchString(text)
}

// TestEveryExitCodeIsInItsTopic: every exit code constant of the command
// line (found in cli.go's source, so that a new one is checked too) has
// its paragraph in 'help exit-codes' and in the general usage.
func TestEveryExitCodeIsInItsTopic(t *testing.T) {
	codes := exitCodeConstants(t)
	if len(codes) < 4 {
		t.Fatalf("found exit codes %v in cli.go", codes)
	}
	h := newHarness(t)
	_, general, _ := h.run("", "-h")
	for name, v := range codes {
		para := regexp.MustCompile(`(?m)^  ` + strconv.Itoa(v) + ` +\S`)
		if !para.MatchString(topicText("exit-codes")) {
			t.Errorf("%s (%d) has no paragraph in 'help exit-codes'", name, v)
		}
		if !para.MatchString(general) {
			t.Errorf("%s (%d) is not in the usage's exit codes", name, v)
		}
	}
}

// exitCodeConstants finds the constants named Exit... in cli.go.
func exitCodeConstants(t *testing.T) map[string]int {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "cli.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	ast.Inspect(f, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok {
			return true
		}
		for i, name := range vs.Names {
			if i >= len(vs.Values) {
				break
			}
			if lit, ok := vs.Values[i].(*ast.BasicLit); ok && strings.HasPrefix(name.Name, "Exit") {
				v, _ := strconv.Atoi(constant.MakeFromLiteral(lit.Value, lit.Kind, 0).ExactString())
				out[name.Name] = v
			}
		}
		return true
	})
	return out
}

// TestHelpResolverListsEveryKey: 'help resolver' holds every key table of
// the resolver, as the bindings make them: each screen, and each binding
// on it with its keys and description (resolver's own tests check that
// every binding is in the tables, and that each key help names is bound).
func TestHelpResolverListsEveryKey(t *testing.T) {
	text := strings.Join(strings.Fields(topicText("resolver")), " ")
	for _, tb := range resolver.KeyTables() {
		if !strings.Contains(text, "On "+tb.Screen+":") {
			t.Errorf("help resolver lacks the screen %q", tb.Screen)
		}
		for _, k := range tb.Keys {
			if !strings.Contains(text, k.Keys+" "+strings.Join(strings.Fields(k.Desc), " ")) {
				t.Errorf("help resolver lacks %q %q of %s", k.Keys, k.Desc, tb.Screen)
			}
		}
	}
}

// TestHelpFieldsHasTheJSONSchema: every name 'conflicts --json' writes (the
// json tags of its types, found by reflection) is in 'help fields'.
func TestHelpFieldsHasTheJSONSchema(t *testing.T) {
	text := topicText("fields")
	seen := map[reflect.Type]bool{}
	var walk func(reflect.Type)
	walk = func(ty reflect.Type) {
		for ty.Kind() == reflect.Slice || ty.Kind() == reflect.Pointer {
			ty = ty.Elem()
		}
		if ty.Kind() != reflect.Struct || seen[ty] {
			return
		}
		seen[ty] = true
		for i := range ty.NumField() {
			f := ty.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name != "" && name != "-" && !strings.Contains(text, `"`+name+`"`) {
				t.Errorf("help fields does not show %q (%s.%s)", name, ty.Name(), f.Name)
			}
			walk(f.Type)
		}
	}
	walk(reflect.TypeOf(ConflictList{}))
	if len(seen) < 4 {
		t.Errorf("walked %d types of the JSON", len(seen))
	}
}

// TestHelpTopicGoesThroughThePager: on a terminal a topic goes through
// $PAGER, run by sh as git runs it, with LESS=FRX unless LESS is set;
// PAGER=cat and a pager that is not there print it directly.
func TestHelpTopicGoesThroughThePager(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	run := func(pager string) (int, string, string) {
		var out, errb bytes.Buffer
		env := &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, IsTerminal: true,
			Getenv: func(k string) string { return map[string]string{"PAGER": pager}[k] }}
		return Run(context.Background(), []string{"help", "git"}, env), out.String(), errb.String()
	}
	want := topicText("git")
	if code, out, _ := run(`sed 's/^/| /'; echo "LESS=$LESS"`); code != ExitOK || !strings.HasPrefix(out, "| feedsync help git") || !strings.HasSuffix(out, "LESS=FRX\n") {
		t.Errorf("through a pager: exit %d, %q…", code, out[:min(len(out), 200)])
	}
	if code, out, _ := run("cat"); code != ExitOK || out != want {
		t.Errorf("PAGER=cat: exit %d, %d bytes, want the topic", code, len(out))
	}
	if code, out, _ := run("feedsync-no-such-pager"); code != ExitOK || out != want {
		t.Errorf("a pager that is not there: exit %d, %d bytes, want the topic", code, len(out))
	}
}

// TestWrapSynopsisKeepsBracketsWhole: a usage line wrapped for a topic
// breaks between words, never inside a bracketed group ("[-o OUT]"), and
// each line fits.
func TestWrapSynopsisKeepsBracketsWhole(t *testing.T) {
	for _, c := range commands {
		for _, syn := range usageSynopses(commandUsage(c.name)) {
			wrapped := wrapSynopsis(syn, 80)
			if got := strings.Join(strings.Fields(wrapped), " "); got != syn {
				t.Errorf("wrapping %q lost words: %q", syn, got)
			}
			for _, line := range strings.Split(strings.TrimSuffix(wrapped, "\n"), "\n") {
				if strings.Count(line, "[") != strings.Count(line, "]") || utf8.RuneCountInString(line) > 80 {
					t.Errorf("%s: a wrapped line cuts a bracket or is too wide: %q", c.name, line)
				}
			}
		}
	}
}
