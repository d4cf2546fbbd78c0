package tui

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const emptyRSS = "<rss version=\"2.0\"><channel><title>To do</title></channel></rss>\n"

// withoutBy is the repository's environment without FEEDSYNC_BY, so that
// the clone's own id, or the user's, stamps.
func (r *gitRepo) withoutBy() {
	r.env = slices.DeleteFunc(r.env, func(kv string) bool { return strings.HasPrefix(kv, "FEEDSYNC_BY=") })
}

// TestGitSetupByGivesTheCloneItsOwnEndpoint checks 'git setup --by EP':
// it sets feedsync.by in the repository's config, and a feed anywhere in
// the work tree is then stamped with it, after --by and FEEDSYNC_BY and
// before the user's id, which a feed outside the clone keeps (issue 20
// item 2: one id per clone keeps two clones from reusing a sequence).
func TestGitSetupByGivesTheCloneItsOwnEndpoint(t *testing.T) {
	t.Parallel()
	r := newGitRepo(t)
	r.withoutBy()
	user := strings.TrimSpace(r.feedsync("endpoint"))
	if !strings.HasPrefix(user, "feedsync-") {
		t.Fatalf("the user's id is %q", user)
	}
	r.feedsync("git", "setup", "--by", "laptop-clone", "todo.xml")
	if got := strings.TrimSpace(r.git("config", "--get", "feedsync.by")); got != "laptop-clone" {
		t.Fatalf("feedsync.by = %q", got)
	}
	r.write("todo.xml", emptyRSS)
	r.write("sub/deep.xml", emptyRSS)
	r.feedsync("create", "todo.xml", "--id", "i1", "--title", "Buy milk", "--when", "2026-01-01T00:00:00Z", "-o", "todo.xml")
	r.feedsync("create", "sub/deep.xml", "--id", "i1", "--title", "Deep", "--when", "2026-01-01T00:00:00Z", "-o", "sub/deep.xml")
	for _, f := range []string{"todo.xml", "sub/deep.xml"} {
		if !strings.Contains(r.read(f), `by="laptop-clone"`) {
			t.Errorf("%s is not stamped by the clone's id:\n%s", f, r.read(f))
		}
		if got := strings.TrimSpace(r.feedsync("endpoint", f)); got != "laptop-clone" {
			t.Errorf("feedsync endpoint %s = %q, want laptop-clone", f, got)
		}
	}
	r.feedsync("update", "todo.xml", "--id", "i1", "--title", "Buy oat milk", "--by", "flag", "--when", "2026-01-01T00:00:01Z", "-o", "todo.xml")
	if !strings.Contains(r.read("todo.xml"), `by="flag"`) {
		t.Error("--by does not win over the clone's id")
	}
	outside := filepath.Join(r.home, "elsewhere.xml")
	if err := os.WriteFile(outside, []byte(emptyRSS), 0o644); err != nil {
		t.Fatal(err)
	}
	r.feedsync("create", outside, "--id", "i1", "--title", "Outside", "--when", "2026-01-01T00:00:00Z", "-o", outside)
	if b, _ := os.ReadFile(outside); !strings.Contains(string(b), `by="`+user+`"`) {
		t.Errorf("a feed outside the clone is not stamped by the user's id %s:\n%s", user, b)
	}
	if got := strings.TrimSpace(r.feedsync("endpoint", outside)); got != user {
		t.Errorf("feedsync endpoint of a feed outside the clone = %q, want %q", got, user)
	}
	r.env = append(r.env, "FEEDSYNC_BY=env")
	if got := strings.TrimSpace(r.feedsync("endpoint", "todo.xml")); got != "env" {
		t.Errorf("FEEDSYNC_BY does not win over the clone's id: %q", got)
	}
}

// TestGitSetupByRefuses checks what --by refuses: with --global every
// clone would share the id, and an id must be an RFC 2141 NSS (1.0.2
// §2.1.1); a bad feedsync.by set by hand is an error naming the key, not
// a silent fall back to another id.
func TestGitSetupByRefuses(t *testing.T) {
	t.Parallel()
	r := newGitRepo(t)
	r.withoutBy()
	for _, args := range [][]string{{"git", "setup", "--global", "--by", "x"}, {"git", "setup", "--by", "a b"}} {
		if code, out := r.run("feedsync", args...); code != 2 || !strings.Contains(out, "--by") {
			t.Errorf("feedsync %s: exit %d, want 2 naming --by:\n%s", strings.Join(args, " "), code, out)
		}
	}
	if _, err := os.Stat(filepath.Join(r.dir, ".gitattributes")); err == nil {
		t.Error("a refused setup wrote .gitattributes")
	}
	r.git("config", "feedsync.by", "not valid")
	r.write("todo.xml", emptyRSS)
	code, out := r.run("feedsync", "create", "todo.xml", "--id", "i1", "--title", "t", "-o", "todo.xml")
	if code != 2 || !strings.Contains(out, "feedsync.by") {
		t.Errorf("a bad feedsync.by: exit %d, want 2 naming the key:\n%s", code, out)
	}
	if r.read("todo.xml") != emptyRSS {
		t.Error("the create was written all the same")
	}
}

// TestTwoClonesWithTheirOwnIDsDoNotReuseASequence is issue 20 item 2's
// advice at work: two clones that edit one item under one id reuse a
// sequence, which the merge keeps as a conflict with a warning naming 'git
// setup --by'; the same edits in clones set up with ids of their own are an
// ordinary conflict of two endpoints (1.0.2 §3.3), without the warning.
func TestTwoClonesWithTheirOwnIDsDoNotReuseASequence(t *testing.T) {
	t.Parallel()
	for _, own := range []bool{false, true} {
		r := newGitRepo(t)
		r.withoutBy()
		r.write("todo.xml", emptyRSS)
		r.feedsync("create", "todo.xml", "--id", "i1", "--title", "Buy milk", "--when", "2026-01-01T00:00:00Z", "-o", "todo.xml")
		r.git("add", "todo.xml")
		r.git("commit", "-q", "-m", "base")
		other := filepath.Join(filepath.Dir(r.dir), "other")
		r.git("clone", "-q", r.dir, other)
		if own {
			r.feedsync("git", "setup", "--by", "laptop")
			r.runIn("../other", "feedsync", "git", "setup", "--by", "desktop")
		}
		r.feedsync("update", "todo.xml", "--id", "i1", "--title", "Buy oat milk", "--when", "2026-01-01T00:00:05Z", "-o", "todo.xml")
		if code, out := r.runIn("../other", "feedsync", "update", "todo.xml", "--id", "i1", "--title", "Buy 2 litres of milk", "--when", "2026-01-01T00:00:09Z", "-o", "todo.xml"); code != 0 {
			t.Fatalf("update in the other clone: exit %d\n%s", code, out)
		}
		code, out := r.run("feedsync", "merge", "todo.xml", filepath.Join(other, "todo.xml"), "-o", "merged.xml")
		if code != 1 {
			t.Errorf("own ids %v: merge exit %d, want 1 (a conflict)\n%s", own, code, out)
		}
		warned := strings.Contains(out, "made two changes with sequence")
		if warned == own || !own && !strings.Contains(out, "git setup --by") {
			t.Errorf("own ids %v: the merge's warning of a reused sequence: %v\n%s", own, warned, out)
		}
	}
}
