package tui

import (
	"slices"
	"strings"
	"testing"
)

// TestExpandBraces: git patterns have no braces, so 'git setup' expands
// them as a shell does, a list at a time; braces without a comma and
// escaped ones are kept.
func TestExpandBraces(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"*.{xml,opml}", []string{"*.xml", "*.opml"}},
		{"{a,b}/{x,y}.xml", []string{"a/x.xml", "a/y.xml", "b/x.xml", "b/y.xml"}},
		{"lists/*.{xml,{rss,atom}}", []string{"lists/*.xml", "lists/*.rss", "lists/*.atom"}},
		{"todo.xml", []string{"todo.xml"}},
		{"odd{name}.xml", []string{"odd{name}.xml"}},
		{`lit\{a,b\}.xml`, []string{`lit\{a,b\}.xml`}},
		{"open{a,b.xml", []string{"open{a,b.xml"}},
		{"*.{xml,}", []string{"*.xml", "*."}},
	} {
		t.Run(tc.in, func(t *testing.T) {
			if got := expandBraces(tc.in); !slices.Equal(got, tc.want) {
				t.Errorf("expandBraces(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// TestGitSetupExpandsBraces guards QA's G1: 'git setup "*.{xml,opml}"'
// wrote the braces into .gitattributes, where they match no file (git
// patterns have no brace expansion). setup writes one line per
// expansion and says so.
func TestGitSetupExpandsBraces(t *testing.T) {
	t.Parallel()
	r := newGitRepo(t)
	out := r.feedsync("git", "setup", "*.{xml,opml}")
	if attrs, want := r.read(".gitattributes"), "*.xml merge=feedsync\n*.opml merge=feedsync\n"; attrs != want {
		t.Errorf(".gitattributes:\n%s\nwant:\n%s", attrs, want)
	}
	if !strings.Contains(out, `"*.{xml,opml}" is *.xml *.opml`) {
		t.Errorf("setup does not say it expanded the braces:\n%s", out)
	}
	if got := r.git("check-attr", "merge", "--", "sub/f.opml"); !strings.HasSuffix(got, ": merge: feedsync\n") {
		t.Errorf("git check-attr merge sub/f.opml: %s", got)
	}
}

// TestGitFallbackKeepsTheMarkerSize guards G1: the text merge ignored the
// conflict-marker-size attribute, which git's own merge honours (git
// passes it to a driver as %L, which the driver line does not take: the
// driver asks git check-attr for it).
func TestGitFallbackKeepsTheMarkerSize(t *testing.T) {
	t.Parallel()
	plain := "<rss version=\"2.0\">\n<channel>\n<title>News</title>\n<item><title>First</title></item>\n</channel>\n</rss>\n"
	r := newGitRepo(t)
	r.feedsync("git", "setup", "*.xml")
	r.write(".gitattributes", r.read(".gitattributes")+"*.xml conflict-marker-size=12\n")
	r.write("plain.xml", plain)
	r.commit("files")
	r.git("checkout", "-q", "-b", "topic")
	r.write("plain.xml", strings.Replace(plain, "First", "First (topic)", 1))
	r.commit("topic")
	r.git("checkout", "-q", "main")
	r.write("plain.xml", strings.Replace(plain, "First", "First (main)", 1))
	r.commit("main")
	if code, out := r.run("git", "merge", "--no-edit", "topic"); code == 0 {
		t.Fatalf("git merge: exit 0, want plain.xml in conflict\n%s", out)
	}
	got := r.read("plain.xml")
	if !strings.Contains(got, "\n"+strings.Repeat("<", 12)+" ours\n") || !strings.Contains(got, "\n"+strings.Repeat(">", 12)+" theirs\n") ||
		strings.Contains(got, "\n"+strings.Repeat("<", 13)) {
		t.Errorf("plain.xml's markers are not 12 long:\n%s", got)
	}
}
