package tui

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestConflictingFlagsAreRefused guards QA's S5: --field title=x --title y
// silently kept --field's title. Flags that say two things of one field
// are refused with the usage, and nothing is written: --title or
// --content beside a --field or --remove-field of that field, either one
// given twice, and a field set by --field and then edited again by a later
// --field or --remove-field of the same key, which would undo it. A
// --remove-field followed by another edit of the same key is not refused:
// the fields are numbered anew after a removal (the first of two
// categories removed twice removes both).
func TestConflictingFlagsAreRefused(t *testing.T) {
	h := newHarness(t)
	feed := h.write("f.xml", oneItem)
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"--field title, --title", []string{"--field", "title=x", "--title", "y"}, "--title and --field title both set the title"},
		{"--title, --field title[1]", []string{"--title", "y", "--field", "title[1]=x"}, "--title and --field title[1] both set the title"},
		{"--content, --remove-field content", []string{"--content", "c", "--remove-field", "content"}, "--content and --remove-field content both set the content"},
		{"--title twice", []string{"--title", "a", "--title", "b"}, "--title is given twice"},
		{"--content twice", []string{"--content", "a", "--content", "a"}, "--content is given twice"},
		{"--field twice", []string{"--field", "summary=a", "--field", "summary=b"}, "--field summary is set, then edited again"},
		{"--field, then --remove-field", []string{"--field", "category[1]=a", "--remove-field", "category[1]"}, "--field category[1] is set, then edited again"},
		{"--field title, then title[1]", []string{"--field", "title=a", "--field", "title[1]=b"}, "--field title is set, then edited again"},
	}
	for _, c := range cases {
		for _, cmd := range [][]string{
			{"update", feed, "--id", "item1"},
			{"create", feed, "--id", "new"},
			{"resolve", feed, "--id", "item1", "--pick", "winner"},
		} {
			if cmd[0] == "create" && strings.Contains(strings.Join(c.args, " "), "--remove-field") {
				continue // create takes no --remove-field (TestUsageLinesNameEveryFlag)
			}
			t.Run(c.name+"/"+cmd[0], func(t *testing.T) {
				args := append(append(append([]string(nil), cmd...), "--by", "A", "-o", feed), c.args...)
				code, stdout, stderr := h.run("", args...)
				if code != ExitError || stdout != "" || !strings.Contains(stderr, "feedsync "+cmd[0]+": "+c.want) || !strings.Contains(stderr, "usage: ") {
					t.Errorf("exit %d, stdout %q, stderr:\n%s", code, stdout, stderr)
				}
			})
		}
	}
	if h.read("f.xml") != oneItem {
		t.Error("the feed changed")
	}
	code, _, stderr := h.run("", "update", feed, "--id", "item1", "--by", "A", "--remove-field", "content", "--field", "content=again")
	if code != ExitOK {
		t.Errorf("--remove-field then --field of one key: exit %d: %s", code, stderr)
	}
}

// TestUsageLinesNameEveryFlag guards QA's S7: update -h left --remove-field,
// --parent and --place out of its usage line, and create took
// --remove-field, which has nothing to remove in a new item. For every
// command, the usage line(s) that -h prints name exactly the flags it
// takes (--long, -o), and each flag's help names what its value is
// rather than "value" or "string". The flag list below the usage line
// writes them as the usage line and README do: --long with two dashes, a
// one-letter flag with one (-o); Go's flag package accepts both forms.
func TestUsageLinesNameEveryFlag(t *testing.T) {
	h := newHarness(t)
	var names []string
	for _, c := range commands {
		if c.name != "cse" && c.name != "git" && c.name != "help" { // their subcommands are below; help -h is the general usage
			names = append(names, c.name)
		}
	}
	for _, c := range cseCommands {
		names = append(names, "cse "+c.name)
	}
	names = append(names, "git setup")
	mentioned := regexp.MustCompile(`(?:^|[\s\[|])(--?)([a-z][a-z-]*)(?: ([^\s\]|\[-][^\s\]]*))?`)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			code, out, stderr := h.run("", append(strings.Fields(name), "-h")...)
			if code != ExitOK {
				t.Fatalf("-h: exit %d: %s", code, stderr)
			}
			inUsage := map[string]bool{}
			values := map[string][]string{} // a flag's values in the usage line: -o OUT, -o OUT|-
			defined := map[string]bool{}
			listed := map[string]string{} // a flag's value in the flag list
			for i, line := range strings.Split(out, "\n") {
				switch {
				case i == 0 && strings.HasPrefix(line, "usage: feedsync "), strings.HasPrefix(line, "  feedsync "),
					strings.HasPrefix(line, "        [") || strings.HasPrefix(line, "        --"): // a usage line continued
					for _, m := range mentioned.FindAllStringSubmatch(line, -1) {
						flag := m[2]
						if want := map[bool]string{true: "-", false: "--"}[len(flag) == 1]; m[1] != want {
							t.Errorf("usage line writes %s%s, want %s%s", m[1], flag, want, flag)
						}
						inUsage[flag] = true
						values[flag] = append(values[flag], m[3])
					}
				case strings.HasPrefix(line, "  -"):
					fields := strings.Fields(line)
					flag := strings.TrimLeft(fields[0], "-")
					if want := map[bool]string{true: "-", false: "--"}[len(flag) == 1] + flag; fields[0] != want {
						t.Errorf("the flag list writes %s, want %s as the usage line and README do", fields[0], want)
					}
					defined[flag] = true
					if len(fields) > 1 {
						listed[flag] = fields[1]
					}
					if len(fields) > 1 && (fields[1] == "value" || fields[1] == "string" || fields[1] == "int") {
						t.Errorf("-%s's help calls its value %q; name what it is", flag, fields[1])
					}
				}
			}
			if name == "git setup" {
				defined["global"], defined["by"] = true, true // its -h is written out whole
			}
			for f := range defined {
				if !inUsage[f] {
					t.Errorf("the usage line lacks --%s, which %s takes:\n%s", f, name, out)
				}
			}
			for f, v := range listed {
				if inUsage[f] && !slices.Contains(values[f], v) {
					t.Errorf("the flag list writes %s %s, the usage line %s %q", flagName(f), v, flagName(f), values[f])
				}
			}
			for f := range inUsage {
				if !defined[f] {
					t.Errorf("the usage line names --%s, which %s does not take", f, name)
				}
			}
		})
	}
	code, _, stderr := h.run("", "create", h.write("f.xml", oneItem), "--id", "new", "--by", "A", "--remove-field", "summary")
	if code != ExitError || !strings.Contains(stderr, "flag provided but not defined: --remove-field\n") {
		t.Errorf("create --remove-field: exit %d: %s", code, stderr)
	}
	for _, tc := range []struct{ args, want string }{
		{"update f.xml --id item1 --by", "feedsync update: flag needs an argument: --by\n"},
		{"update f.xml --id item1 -by", "feedsync update: flag needs an argument: --by\n"},
		{"update f.xml --id item1 --place x", `feedsync update: invalid value "x" for flag --place: `},
		{"update f.xml --id item1 --delete=maybe", `feedsync update: invalid boolean value "maybe" for --delete: `},
		{"merge f.xml f.xml -o", "feedsync merge: flag needs an argument: -o\n"},
		// A bad --when or --by is bad usage of the command that was given
		// it, found before anything else is done (a terminal looked for,
		// a feed read), as a bad value of any other flag is.
		{"update f.xml --id item1 --title x --when yesterday", "feedsync update: invalid value \"yesterday\" for flag --when: want RFC 3339 in UTC with whole seconds, like 2005-05-21T11:43:33Z\nusage: "},
		{"create none.xml --id x --title x --by a<b", "feedsync create: invalid value \"a<b\" for flag --by: not a valid endpoint id, an RFC 2141 NSS (letters, digits and ()+,-.:=@;$_!*'/?# only)\nusage: "},
		{"demo --when 2005-05-21T11:43:33+02:00", "feedsync demo: invalid value \"2005-05-21T11:43:33+02:00\" for flag --when: want RFC 3339 in UTC"},
		{"resolve f.xml --by a<b", "feedsync resolve: invalid value \"a<b\" for flag --by: "},
		{"git-mergetool f.xml --when yesterday", "feedsync git-mergetool: invalid value \"yesterday\" for flag --when: "},
		{"sync f.xml http://127.0.0.1:1/ --when yesterday", "feedsync sync: invalid value \"yesterday\" for flag --when: "},
		{"pull f.xml http://127.0.0.1:1/ --by a<b", "feedsync pull: invalid value \"a<b\" for flag --by: "},
	} {
		if code, _, stderr := h.run("", strings.Fields(tc.args)...); code != ExitError || !strings.HasPrefix(stderr, tc.want) {
			t.Errorf("%s: exit %d, want %q in:\n%s", tc.args, code, tc.want, stderr)
		}
	}
	// Go's flag package takes -by as --by: both forms stay accepted.
	for _, by := range []string{"-by", "--by"} {
		if code, _, stderr := h.run("", "update", h.write("f.xml", oneItem), "--id", "item1", by, "A", "-title", "x", "--when", "2005-05-21T11:43:33Z"); code != ExitOK {
			t.Errorf("update %s A -title x: exit %d: %s", by, code, stderr)
		}
	}
}

// TestHelpSaysWhatFlagsDo guards QA Q33: resolve -h said "-o OUT write the
// feed to OUT (default standard output)", which is --pick's default only:
// the interactive resolver saves to LOCAL or FEED; and conflicts -h said
// --json prints "the documented JSON schema", when it prints the
// conflicts as JSON.
func TestHelpSaysWhatFlagsDo(t *testing.T) {
	h := newHarness(t)
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"resolve", "-h"}, []string{"with --pick", "interactive", "LOCAL or FEED"}},
		{[]string{"conflicts", "-h"}, []string{"print the conflicts as JSON"}},
		// OUT absent is standard output for most commands, not all.
		{[]string{"-h"}, []string{"the interactive resolve saves to LOCAL or FEED", "demo to a new temporary file", "pull to LOCAL"}},
	} {
		code, out, stderr := h.run("", tc.args...)
		if code != ExitOK {
			t.Fatalf("%v: exit %d: %s", tc.args, code, stderr)
		}
		for _, w := range tc.want {
			if !strings.Contains(strings.Join(strings.Fields(out), " "), w) {
				t.Errorf("%v lacks %q:\n%s", tc.args, w, out)
			}
		}
	}
}

// TestSizeFlag: a size flag (serve --max-body) takes a number of bytes or
// a number with a unit, K/KiB, M/MiB, G/GiB in powers of 1024 and kB, MB,
// GB in powers of 1000 (as dd reads them), and is shown in the largest
// unit that says it exactly ("64 MiB").
func TestSizeFlag(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
	}{
		{"65536", 65536}, {"1", 1}, {"4MiB", 4 << 20}, {"4 MiB", 4 << 20}, {"4mib", 4 << 20}, {"4M", 4 << 20},
		{"512KiB", 512 << 10}, {"512k", 512 << 10}, {"2KB", 2000}, {"3MB", 3e6}, {"1GiB", 1 << 30}, {"1G", 1 << 30},
		{"1GB", 1e9}, {"100B", 100}, {"256MiB", 256 << 20},
	} {
		var n int64
		if err := (sizeFlag{p: &n, min: 1, max: 1 << 40}).Set(tc.in); err != nil || n != tc.want {
			t.Errorf("%q: %d, %v; want %d", tc.in, n, err, tc.want)
		}
	}
	for _, bad := range []string{"", "MiB", "-1", "4TiB", "4 MiBs", "1.5MiB", "0x10", "0", "257MiB", "9999999999999999999", "99999999999GiB"} {
		var n int64
		if err := (sizeFlag{p: &n, min: 1, max: 256 << 20}).Set(bad); err == nil {
			t.Errorf("%q: accepted as %d", bad, n)
		}
	}
	for n, want := range map[int64]string{64 << 20: "64 MiB", 1 << 30: "1 GiB", 1536: "1536 B", 1 << 10: "1 KiB", 0: "0 B", 3 << 20: "3 MiB", 1000: "1000 B"} {
		if got := exactSize(n); got != want {
			t.Errorf("exactSize(%d) = %q, want %q", n, got, want)
		}
	}
}
