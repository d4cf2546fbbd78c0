package feedtest

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// recorder is a testing.TB that records what a helper reports; Fatal and
// Skip end the helper's goroutine, as they do in a test.
type recorder struct {
	testing.TB
	failed, skipped bool
	msgs            []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.failed = true
	r.msgs = append(r.msgs, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatalf(format string, args ...any) { r.Errorf(format, args...); runtime.Goexit() }
func (r *recorder) Fatal(args ...any)                 { r.Fatalf("%s", fmt.Sprint(args...)) }
func (r *recorder) Skipf(format string, args ...any) {
	r.skipped = true
	r.msgs = append(r.msgs, fmt.Sprintf(format, args...))
	runtime.Goexit()
}
func (r *recorder) Skip(args ...any) { r.Skipf("%s", fmt.Sprint(args...)) }

// record runs fn with a recorder, in a goroutine of its own.
func record(fn func(tb testing.TB)) *recorder {
	r := &recorder{}
	done := make(chan struct{})
	go func() { defer close(done); fn(r) }()
	<-done
	return r
}

// TestExpatWithNoDocumentsFails guards QA's G2: Expat(t, nil) failed with
// "expat gave 1 verdicts for 0 documents". Checking nothing is a check
// that cannot fail: the test fails, and says so.
func TestExpatWithNoDocumentsFails(t *testing.T) {
	r := record(func(tb testing.TB) { Expat(tb, nil) })
	if !r.failed || r.skipped || len(r.msgs) != 1 || !strings.Contains(r.msgs[0], "no documents") {
		t.Errorf("failed %v, skipped %v, messages %q", r.failed, r.skipped, r.msgs)
	}
}

// TestExpatGivesOneVerdictPerDocument: the cross-check itself.
func TestExpatGivesOneVerdictPerDocument(t *testing.T) {
	v := Expat(t, [][]byte{[]byte("<a/>"), []byte("<a>"), []byte(`<x:a xmlns:y="u"/>`)})
	if len(v) != 3 || v[0] != "" || v[1] == "" || !strings.Contains(v[2], "unbound prefix") {
		t.Errorf("verdicts %q", v)
	}
}

// TestExpatWithoutPythonFails guards G2: without python3 the cross-check
// skipped silently; it fails, unless FEEDSYNC_SKIP_EXPAT is set, which
// skips it saying why.
func TestExpatWithoutPythonFails(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	t.Setenv("FEEDSYNC_SKIP_EXPAT", "")
	r := record(func(tb testing.TB) { Expat(tb, [][]byte{[]byte("<a/>")}) })
	if !r.failed || r.skipped || len(r.msgs) != 1 || !strings.Contains(r.msgs[0], "FEEDSYNC_SKIP_EXPAT=1") {
		t.Errorf("failed %v, skipped %v, messages %q", r.failed, r.skipped, r.msgs)
	}
	t.Setenv("FEEDSYNC_SKIP_EXPAT", "1")
	r = record(func(tb testing.TB) { Expat(tb, [][]byte{[]byte("<a/>")}) })
	if r.failed || !r.skipped {
		t.Errorf("with FEEDSYNC_SKIP_EXPAT=1: failed %v, skipped %v, messages %q", r.failed, r.skipped, r.msgs)
	}
}

// TestDepsFailsWhenGoListFails guards G2: Deps skipped when 'go list'
// failed, so that a broken check passed unseen.
func TestDepsFailsWhenGoListFails(t *testing.T) {
	t.Chdir(t.TempDir()) // no module, no package: go list fails
	r := record(func(tb testing.TB) { Deps(tb, "nothing") })
	if !r.failed || r.skipped || len(r.msgs) != 1 || !strings.Contains(r.msgs[0], "go list") {
		t.Errorf("failed %v, skipped %v, messages %q", r.failed, r.skipped, r.msgs)
	}
}

// TestDepsFindsAPackageNotAllowed: the check itself, on this package.
func TestDepsFindsAPackageNotAllowed(t *testing.T) {
	r := record(func(tb testing.TB) { Deps(tb, "feeds/feedtest") })
	if !r.failed || !strings.Contains(strings.Join(r.msgs, "\n"), "feeds/feedtest depends on golang.org/x/tools/txtar") {
		t.Errorf("failed %v, messages %q", r.failed, r.msgs)
	}
}
