package cse

import (
	"fmt"
	"io"
	"os"
)

// reporter hears what a pull does, as it does it.
type reporter interface {
	start(u string)
	fetched(u string, size int64)
	unchanged(u string)
	failed(line string)
	problem(line string)
	removed(u string)
	finish()
}

// tally counts what a pull did, for its summary line.
type tally struct {
	files, unchanged, removed int
	bytes                     int64
}

// plainReporter writes one line per event: downloads to out, failures and
// problems to errw.
type plainReporter struct {
	tally
	out, errw io.Writer
}

func (r *plainReporter) start(string) {}

func (r *plainReporter) fetched(u string, size int64) {
	r.files++
	r.bytes += size
	fmt.Fprintf(r.out, "fetched %s (%d bytes)\n", u, size)
}

func (r *plainReporter) unchanged(u string) {
	r.tally.unchanged++
	fmt.Fprintf(r.out, "unchanged %s\n", u)
}

func (r *plainReporter) removed(u string) {
	r.tally.removed++
	fmt.Fprintf(r.out, "removed %s\n", u)
}

func (r *plainReporter) failed(line string)  { fmt.Fprintln(r.errw, line) }
func (r *plainReporter) problem(line string) { fmt.Fprintln(r.errw, line) }
func (r *plainReporter) finish()             {}

// termReporter keeps one status line up to date on a terminal: files and
// bytes so far and the file being fetched. Failures and problems are
// printed above it.
type termReporter struct {
	tally
	w       io.Writer
	current string
}

func (r *termReporter) start(u string) {
	r.current = u
	r.draw()
}

func (r *termReporter) fetched(_ string, size int64) {
	r.files++
	r.bytes += size
	r.draw()
}

func (r *termReporter) unchanged(string) {
	r.tally.unchanged++
	r.draw()
}

func (r *termReporter) removed(string) { r.tally.removed++ }

func (r *termReporter) failed(line string)  { r.above(line) }
func (r *termReporter) problem(line string) { r.above(line) }

func (r *termReporter) finish() { fmt.Fprint(r.w, "\r\x1b[K") }

func (r *termReporter) above(line string) {
	fmt.Fprintf(r.w, "\r\x1b[K%s\n", line)
	r.draw()
}

func (r *termReporter) draw() {
	status := fmt.Sprintf("%d files, %s  ", r.files, humanBytes(r.bytes))
	room := 78 - len(status)
	cur := r.current
	if len(cur) > room && room > 1 {
		cur = "…" + cur[len(cur)-room+1:]
	}
	fmt.Fprintf(r.w, "\r\x1b[K%s%s", status, cur)
}

// newReporter shows progress on a terminal and plain lines otherwise.
func newReporter(stdout, stderr io.Writer) (reporter, *tally) {
	if isTerminal(stderr) {
		r := &termReporter{w: stderr}
		return r, &r.tally
	}
	r := &plainReporter{out: stdout, errw: stderr}
	return r, &r.tally
}

// isTerminal reports whether w is a character device other than a dumb
// terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("TERM") == "dumb" {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

func humanBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}
