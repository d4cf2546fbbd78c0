package tui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"strconv"
	"strings"

	"github.com/feedsync/feedsync/feeds/atomicfile"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/fetch"
)

// downloader fetches the feeds named by URL, within fetch.DefaultLimits.
var downloader = fetch.New(fetch.DefaultLimits, "feedsync")

// feedAccept is the Accept header of a feed download.
const feedAccept = "application/atom+xml, application/rss+xml, text/x-opml, application/xml;q=0.9, */*;q=0.1"

// readSource reads FEED: a path, - for standard input, or an http(s) URL.
// A path must name a regular file; anything over the size limit
// (atomicfile.Limit) is refused
// without being read whole (package fetch).
func readSource(ctx context.Context, env *Env, src string) ([]byte, error) {
	data, err := readBytes(ctx, env, src)
	if err == nil && env.batch() {
		capRead(len(data)) // what the command may hold grows with what it reads
	}
	return data, err
}

// readBytes is readSource, the heap's cap aside.
func readBytes(ctx context.Context, env *Env, src string) ([]byte, error) {
	if data, ok, err := env.saving.read(src); ok {
		return data, err // OUT as the command holds it (save.go)
	}
	switch {
	case src == "-":
		data, err := fetch.ReadAll(env.Stdin, atomicfile.Limit())
		if err != nil {
			return nil, fmt.Errorf("%s: %w", displayName(src), err)
		}
		return data, nil
	case strings.HasPrefix(src, "http://") || strings.HasPrefix(src, "https://"):
		resp, err := downloader.Get(ctx, fetch.Request{URL: src, Accept: feedAccept})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", src, err)
		}
		return resp.Body, nil
	}
	data, err := env.offHeap.ReadFile(src, atomicfile.Limit())
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		return nil, fmt.Errorf("%s: %w", src, pe.Err)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", src, err)
	}
	return data, nil
}

// placed words an error about the feed name: the message, with name
// first unless it already starts with it.
func placed(name string, err error) string {
	if msg := userText(err); strings.HasPrefix(msg, name+":") {
		return msg
	}
	return name + ": " + userText(err)
}

func displayName(src string) string {
	if src == "-" {
		return "<stdin>"
	}
	return src
}

// writeDoc writes the feed to out: standard output for "" or "-", a
// stream for a device, a named pipe or an open descriptor (isStream),
// otherwise atomically with a backup of the file it replaces, under the
// lock the command holds (save.go). A file is written straight to its
// temporary file, which is removed, OUT untouched, should the result fail
// or prove too large to read back; standard output and a stream get the
// feed rendered whole first, so that such a result writes nothing there.
func writeDoc(env *Env, out string, doc result) error {
	s := env.saving
	switch toStdout := out == "" || out == "-"; {
	case toStdout, s != nil && s.stream, s == nil && isStream(out): // as writing found it, else look now
		return writeRendered(env, out, toStdout, doc)
	case s == nil || s.lock == nil:
		return env.stop.save(func() error { return atomicfile.Write(out, 0o644, fill(out, doc)) })
	}
	if beforeSave != nil {
		beforeSave(out)
	}
	var d *dialect.Doc
	err := env.stop.save(func() error {
		// The store is written as part of the save, behind the same gate,
		// so that an interrupted command writes nothing at all; what the
		// save replaces is recorded before the new file is renamed into
		// place, so that a kill between the two loses no base. It is
		// recorded while the new file is written, on another core: the
		// fill waits for it before the file is synced and renamed.
		if dd, ok := doc.(*dialect.Doc); ok && env.batch() {
			// Saved once: of what was read, what does not leave is not
			// needed; collected before the store is opened.
			env.saving.pruneReads(dd)
			runtime.GC()
		}
		d = resultDoc(env, doc)
		if d == nil {
			return env.saving.saveWith(fill(out, doc))
		}
		recorded := make(chan struct{})
		go func() {
			defer close(recorded)
			env.saving.recordLeft(env.warn, d)
		}()
		// A save that failed before its fill, or whose fill panicked,
		// waits too: the store reads what the command read.
		defer func() { <-recorded }()
		write := fill(out, doc)
		return env.saving.saveWith(func(w io.Writer) error {
			err := write(w)
			<-recorded
			return err
		})
	})
	if err != nil {
		return err
	}
	if d != nil {
		env.saving.recordCurrent(env.warn, d)
	}
	return nil
}

// writeRendered writes the feed, rendered whole, to standard output or to
// the stream out.
func writeRendered(env *Env, out string, toStdout bool, doc result) error {
	name := out
	if toStdout {
		name = "standard output"
	}
	data, err := render(name, doc)
	if err != nil {
		return err
	}
	if toStdout {
		_, err = env.Stdout.Write(data)
		return err
	}
	return env.stop.stream(func() error { return writeStream(out, data) })
}

// result is what a command writes: a feed, or a feed adopt gave sync
// data (*dialect.Adoption, which is not parsed again).
type result interface {
	io.WriterTo
	Bytes() []byte
	Conflicted() int
}

// finish writes the result and turns remaining conflicts into exit code 1.
func finish(env *Env, out string, doc result) error {
	if err := writeDoc(env, out, doc); err != nil {
		return err
	}
	if n := doc.Conflicted(); n > 0 {
		return attention(conflictsLeft(n, out, env.saving != nil && !env.saving.stream))
	}
	return nil
}

// conflictsLeft says that n items of the result written to out are in
// conflict and what to run on it. A result written to standard output or
// a stream is in no file yet (toFile false): the user saves it first.
func conflictsLeft(n int, out string, toFile bool) string {
	are, it := isAre(n), itThem(n)
	if !toFile {
		return fmt.Sprintf("%s in conflict; save the feed to a file (-o FILE), then see 'feedsync conflicts FILE', or resolve %s with 'feedsync resolve FILE'", are, it)
	}
	f := cmdArg(out)
	return fmt.Sprintf("%s in conflict; see 'feedsync conflicts %s', or resolve %s with 'feedsync resolve %s'", are, f, it, f)
}

// isAre counts items with their verb: "1 item is", "2 items are".
func isAre(n int) string {
	if n == 1 {
		return "1 item is"
	}
	return fmt.Sprintf("%d items are", n)
}

// itThem is the pronoun for n items.
func itThem(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}

// cmdArg quotes a file name for a command shown in single quotes: as it
// is when sh needs no quotes, otherwise in double quotes.
func cmdArg(s string) string {
	if shellQuote(s) == s {
		return s
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, `$`, `\$`, "`", "\\`").Replace(s) + `"`
}

// descriptorName reads the names a Unix system gives its open file
// descriptors: /dev/stdin, /dev/stdout and /dev/stderr (0, 1, 2),
// /dev/fd/N and /proc/self/fd/N.
func descriptorName(s string) (n int, ok bool) {
	if runtime.GOOS == "windows" {
		return 0, false
	}
	switch s {
	case "/dev/stdin":
		return 0, true
	case "/dev/stdout":
		return 1, true
	case "/dev/stderr":
		return 2, true
	}
	for _, dir := range []string{"/dev/fd/", "/proc/self/fd/"} {
		if rest, found := strings.CutPrefix(s, dir); found {
			n, err := strconv.Atoi(rest)
			return n, err == nil && n >= 0 && strconv.Itoa(n) == rest
		}
	}
	return 0, false
}

// isStream reports whether OUT is written as a stream rather than
// replaced: an open descriptor (descriptorName), or anything that exists
// and is neither a regular file nor a folder (/dev/null, a terminal, a
// named pipe, a socket). Such a thing cannot be renamed over, and a lock,
// a backup or a temporary file beside it makes no sense; a folder is left
// to the save, which refuses it.
func isStream(out string) bool {
	if _, ok := descriptorName(out); ok {
		return true
	}
	info, err := statPath(out)
	return err == nil && !info.Mode().IsRegular() && !info.IsDir()
}

// writeStream writes data to the stream OUT. It appends, so that a
// descriptor a shell opened with >> keeps what it held; one opened with >
// is empty already.
func writeStream(out string, data []byte) error {
	f, err := os.OpenFile(out, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return fmt.Errorf("writing %s: %w", out, unwrapPath(err))
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", out, unwrapPath(err))
	}
	return nil
}

// unwrapPath drops the path and operation a *fs.PathError repeats.
func unwrapPath(err error) error {
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
