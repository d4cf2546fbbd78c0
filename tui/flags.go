package tui

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/atomicfile"
)

// flagSet is a flag.FlagSet that accepts flags before, between and after
// positional arguments, as the documented command lines need
// ("feedsync create FEED --id ID").
type flagSet struct {
	*flag.FlagSet
	cmd string
}

func newFlags(cmd string) *flagSet {
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return &flagSet{FlagSet: fs, cmd: cmd}
}

// parse parses args and returns the positional ones. -h prints the usage.
func (f *flagSet) parse(env *Env, args []string) ([]string, error) {
	var pos []string
	for {
		if err := f.FlagSet.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fmt.Fprint(env.Stdout, commandUsage(f.cmd))
				f.PrintDefaultsTo(env.Stdout)
				return nil, exitStatus(ExitOK)
			}
			return nil, usageError(f.cmd, "%s", flagErrorNames().ReplaceAllStringFunc(err.Error(), func(m string) string {
				i := strings.LastIndex(m, " -")
				return m[:i+1] + flagName(m[i+2:])
			}))
		}
		rest := f.Args()
		if len(rest) == 0 {
			return pos, f.stdinOnce(pos)
		}
		if len(args) > 0 && len(rest) < len(args) && args[len(args)-len(rest)-1] == "--" {
			pos = append(pos, rest...)
			return pos, f.stdinOnce(pos)
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// parseCount parses args as parse does and checks that the number of
// positional arguments is one of counts; else it is bad usage, reported
// as "want WANT, got N arguments".
func (f *flagSet) parseCount(env *Env, args []string, want string, counts ...int) ([]string, error) {
	pos, err := f.parse(env, args)
	if err != nil {
		return nil, err
	}
	for _, n := range counts {
		if len(pos) == n {
			return pos, nil
		}
	}
	return nil, usageError(f.cmd, "%s, got %s", want, count(len(pos), "argument"))
}

// flagErrorNames finds the flag in the flag package's errors ("flag
// provided but not defined: -remove-field", "invalid value \"x\" for flag
// -place: ..."), which write every flag with one dash, so that it is
// written as usage lines write it: --remove-field, -o.
var flagErrorNames = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?:defined:|argument:|for flag|for) -[^\s:=]+`)
})

// stdinOnce refuses standard input (-) named twice: feeds are read at
// once, and two readers of one stream would each get part of it.
func (f *flagSet) stdinOnce(pos []string) error {
	n := 0
	for _, p := range pos {
		if p == "-" {
			n++
		}
	}
	if n > 1 {
		return usageError(f.cmd, "standard input (-) can be read once: give it as one FEED only")
	}
	return nil
}

// PrintDefaultsTo prints the flags with their help, as flag.PrintDefaults
// lays them out but written as the usage lines and README write them:
// --long with two dashes, a one-letter flag with one (-o). Go's flag
// package accepts either form of each.
func (f *flagSet) PrintDefaultsTo(w io.Writer) {
	var b strings.Builder
	f.VisitAll(func(fl *flag.Flag) {
		b.WriteString("  " + flagName(fl.Name))
		name, help := flag.UnquoteUsage(fl)
		if name != "" {
			b.WriteString(" " + name)
		}
		b.WriteString("\n    \t")
		b.WriteString(strings.ReplaceAll(help, "\n", "\n    \t"))
		switch def := fl.DefValue; {
		case def == "" || def == "0" || def == "false" || def == "0s":
		case reflect.TypeOf(fl.Value).String() == "*flag.stringValue":
			fmt.Fprintf(&b, " (default %q)", def)
		default:
			fmt.Fprintf(&b, " (default %v)", def)
		}
		b.WriteString("\n")
	})
	io.WriteString(w, b.String())
}

// flagName is a flag as a person types it: -o, --by.
func flagName(name string) string {
	if utf8.RuneCountInString(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// optString is a string flag that remembers whether it was given, so that
// --title "" (an empty title) differs from no --title.
type optString struct {
	set   bool
	given int // times given: more than once is refused (checkEdits)
	val   string
}

func (o *optString) String() string { return o.val }
func (o *optString) Set(s string) error {
	if err := xmlText(s); err != nil {
		return err
	}
	o.set, o.val = true, s
	o.given++
	return nil
}

// xmlText refuses text that a feed cannot carry as it was given: bytes
// that are not UTF-8, and characters XML 1.0 does not allow (C0 controls
// but tab, newline and carriage return; U+FFFE, U+FFFF). Writing would
// otherwise change them silently.
func xmlText(s string) error {
	for i, r := range s {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"):
			return fmt.Errorf("byte %d (%#x) is not UTF-8; feeds are UTF-8 text", i+1, s[i])
		case r < 0x20 && r != '\t' && r != '\n' && r != '\r', r == 0xFFFE, r == 0xFFFF:
			return fmt.Errorf("character %U at byte %d cannot be written in XML", r, i+1)
		}
	}
	return nil
}

// ptr returns the value, or nil when the flag was not given.
func (o *optString) ptr() *string {
	if !o.set {
		return nil
	}
	v := o.val
	return &v
}

// stampFlags are --by and --when, shared by every command that changes items.
type stampFlags struct {
	by, when string
}

func (s *stampFlags) register(f *flagSet) {
	s.registerAs(f, "endpoint id `EP` of the change (default $FEEDSYNC_BY or this machine's id)",
		"`TIME` of the change, RFC 3339 UTC whole seconds (default now)")
}

// byFlag adds --by, an endpoint id checked as it is parsed, into by.
func byFlag(f *flagSet, by *string, usage string) {
	f.Func("by", usage, func(v string) error {
		if v != "" && !engine.ValidNSS(v) { // "" is the default, as no --by
			return errors.New("not a valid endpoint id, an RFC 2141 NSS (" + nssChars + ")")
		}
		*by = v
		return nil
	})
}

// registerAs adds --by and --when with the help given. Their values are
// checked as they are parsed, so that a bad one is bad usage of the
// command, reported before it does anything (looks for a terminal, reads
// a feed), as a bad value of any other flag is.
func (s *stampFlags) registerAs(f *flagSet, byUsage, whenUsage string) {
	byFlag(f, &s.by, byUsage)
	f.Func("when", whenUsage, func(v string) error {
		if _, err := parseTime(v); v != "" && err != nil { // "" is now, as no --when
			return errors.New(wantTime)
		}
		s.when = v
		return nil
	})
}

// nssChars are the characters of an RFC 2141 NSS, for messages.
const nssChars = "letters, digits and ()+,-.:=@;$_!*'/?# only"

// wantTime says what a TIME is, for messages.
const wantTime = "want RFC 3339 in UTC with whole seconds, like 2005-05-21T11:43:33Z"

// parseTime parses TIME: RFC 3339, UTC "Z", whole seconds (1.0.2 §2.1.5).
func parseTime(s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil || !strings.HasSuffix(s, "Z") || strings.Contains(s, ".") {
		return time.Time{}, fmt.Errorf("--when %q: %s", s, wantTime)
	}
	return t, nil
}

// parseIndexes parses "1,3" into 1-based indexes.
func parseIndexes(s string) ([]int, error) {
	var out []int
	for _, part := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("%q is not a version number (1, 2, ...)", part)
		}
		out = append(out, n)
	}
	return out, nil
}

// fieldFlag collects --field KEY=VALUE and --remove-field KEY into one
// list of edits, in the order given.
type fieldFlag struct {
	list   *[]feeds.FieldEdit
	remove bool
}

func (f fieldFlag) String() string { return "" }

func (f fieldFlag) Set(s string) error {
	if f.remove {
		if s == "" {
			return errors.New("want a field KEY")
		}
		*f.list = append(*f.list, feeds.FieldEdit{Key: s, Remove: true})
		return nil
	}
	key, value, ok := strings.Cut(s, "=")
	if !ok || key == "" {
		return fmt.Errorf("%q: want KEY=VALUE", s)
	}
	if err := xmlText(value); err != nil {
		return fmt.Errorf("%s: %w", key, err)
	}
	*f.list = append(*f.list, feeds.FieldEdit{Key: key, Value: value})
	return nil
}

// out adds -o OUT, the file a command writes (see outFlag).
func (f *flagSet) out(usage string) *string {
	p := new(string)
	f.Var(outFlag{p}, "o", usage)
	return p
}

// outFlag is -o OUT. A name of standard output (/dev/stdout, /dev/fd/1,
// /proc/self/fd/1) is read as "-": saving by rename would replace the file
// the shell opened, which then keeps the old content, and a pipe cannot
// be renamed over at all. Other things that are written as streams (a
// device, a named pipe, another open descriptor) are told apart when the
// command writes (isStream).
type outFlag struct{ p *string }

func (o outFlag) String() string {
	if o.p == nil {
		return ""
	}
	return *o.p
}

func (o outFlag) Set(s string) error {
	switch n, ok := descriptorName(s); {
	case ok && n == 0:
		return fmt.Errorf("%s is standard input, which is read, not written", s)
	case ok && n == 1:
		s = "-"
	}
	*o.p = s
	return nil
}

// size adds a size flag, in bytes from lo to hi, as sizeFlag reads it.
func (f *flagSet) size(name string, def, lo, hi int64, usage string) *int64 {
	p := &def
	f.Var(sizeFlag{p: p, min: lo, max: hi}, name, usage)
	return p
}

// sizeFlag is a size in bytes, given as a number of bytes or as a whole
// number with a unit: K or KiB, M or MiB, G or GiB are powers of 1024,
// kB, MB and GB powers of 1000, as dd reads them (64MiB, "512 KiB", 4M).
// It is shown in the largest unit that says it exactly (exactSize).
type sizeFlag struct {
	p        *int64
	min, max int64
}

func (s sizeFlag) String() string {
	if s.p == nil {
		return ""
	}
	return exactSize(*s.p)
}

func (s sizeFlag) Set(v string) error {
	n, ok := parseSize(v)
	if !ok || n < s.min || n > s.max {
		why := ""
		if s.max == atomicfile.Limit() {
			why = " (the most feedsync reads)"
		}
		return fmt.Errorf("want a size from %s to %s%s, in bytes or with a unit: 512KiB, 64MiB", exactSize(s.min), exactSize(s.max), why)
	}
	*s.p = n
	return nil
}

// sizeUnits are the units a size is read with, lower-cased.
var sizeUnits = map[string]int64{
	"": 1, "b": 1,
	"k": 1 << 10, "kib": 1 << 10, "kb": 1e3,
	"m": 1 << 20, "mib": 1 << 20, "mb": 1e6,
	"g": 1 << 30, "gib": 1 << 30, "gb": 1e9,
}

// parseSize reads a size as sizeFlag does; ok is false when it is not one
// or does not fit in an int64.
func parseSize(s string) (n int64, ok bool) {
	s = strings.TrimSpace(s)
	digits := len(s) - len(strings.TrimLeft(s, "0123456789"))
	unit, known := sizeUnits[strings.ToLower(strings.TrimSpace(s[digits:]))]
	n, err := strconv.ParseInt(s[:digits], 10, 64)
	if digits == 0 || !known || err != nil || n > math.MaxInt64/unit {
		return 0, false
	}
	return n * unit, true
}

// exactSize writes a size in the largest of GiB, MiB and KiB that says it
// exactly, else in bytes: "64 MiB", "1536 B".
func exactSize(n int64) string {
	for _, u := range []struct {
		name string
		size int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n != 0 && n%u.size == 0 {
			return fmt.Sprintf("%d %s", n/u.size, u.name)
		}
	}
	return fmt.Sprintf("%d B", n)
}
