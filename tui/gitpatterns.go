package tui

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/feedsync/feedsync/feeds/atomicfile"
)

// What 'feedsync git setup' writes for its PATTERNs: the patterns with
// their brace lists expanded, the lines of the attributes file that send
// them to the driver, the lines of the exclude file that keep feedsync's
// own files beside them out of git, each appended once.

// expandBraces expands the brace lists of a pattern as a shell does
// ("*.{xml,opml}" is "*.xml" and "*.opml"; lists may nest and follow one
// another), since git's patterns have none. Braces without a comma at
// their top level, braces that do not close and escaped ones (\{) are
// kept as they are.
func expandBraces(p string) []string {
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++
		case '{':
			if alts, end, ok := braceList(p, i); ok {
				var out []string
				for _, a := range alts {
					out = append(out, expandBraces(p[:i]+a+p[end+1:])...)
				}
				return out
			}
		}
	}
	return []string{p}
}

// braceList reads the brace list that opens at p[open]: its top-level
// alternatives and the index of its closing brace. ok is false when it
// does not close or has no comma at its top level.
func braceList(p string, open int) (alts []string, end int, ok bool) {
	depth, start := 0, open+1
	for i := open; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				if alts == nil {
					return nil, 0, false
				}
				return append(alts, p[start:i]), i, true
			}
		case ',':
			if depth == 1 {
				alts = append(alts, p[start:i])
				start = i + 1
			}
		}
	}
	return nil, 0, false
}

// appendLines appends to the file at path each of lines that it does not
// hold yet, comparing lines by key ("" never matches), and says which it
// added. It only appends, so it keeps no backup; the file is written
// atomically, its folder made if need be.
func appendLines(w io.Writer, path string, lines []string, key func(string) string) error {
	data, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	have := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		if k := key(line); k != "" {
			have[k] = true
		}
	}
	var add bytes.Buffer
	fmt.Fprintf(w, "%s:\n", path)
	for _, line := range lines {
		if have[key(line)] {
			fmt.Fprintf(w, "  already there  %s\n", line)
			continue
		}
		have[key(line)] = true
		fmt.Fprintf(&add, "%s\n", line)
		fmt.Fprintf(w, "  added          %s\n", line)
	}
	if add.Len() == 0 {
		return nil
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		data = append(data, '\n')
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.WriteFileNoBackup(path, append(data, add.Bytes()...), 0o644)
}

// attributeLines are the lines of an attributes file that send patterns
// to the driver; attributeKey finds a pattern that has it already.
func attributeLines(patterns []string) []string {
	out := make([]string, len(patterns))
	for i, p := range patterns {
		out[i] = attrPattern(p) + " merge=feedsync"
	}
	return out
}

func attributeKey(line string) string {
	pattern, attrs := splitAttrLine(line)
	if slices.Contains(strings.Fields(attrs), "merge=feedsync") {
		return pattern
	}
	return ""
}

// ignoreLines are the lines of an exclude file that keep feedsync's own
// files beside a feed matching a pattern out of git: its backups
// (NAME.bak, NAME.bak.2 ...), its lock file (.NAME.lock) and the
// temporary files of a save (.NAME.tmp-*), which package atomicfile
// leaves beside the feed, and the state folder of serve, sync and pull
// (.feedsync/).
func ignoreLines(patterns []string) []string {
	var out []string
	for _, p := range patterns {
		dir, base := "", p
		if i := strings.LastIndex(p, "/"); i >= 0 {
			dir, base = p[:i+1], p[i+1:]
		}
		if strings.HasPrefix(p, "#") {
			p = `\` + p
		}
		out = append(out, p+atomicfile.BackupSuffix, p+atomicfile.BackupSuffix+".*",
			dir+"."+base+".lock", dir+"."+base+".tmp-*", dir+".feedsync/")
	}
	return out
}

func ignoreKey(line string) string { return strings.TrimSpace(line) }

// splitAttrLine splits a line of an attributes file into its pattern, as
// written (quoted or not), and the attributes after it.
func splitAttrLine(line string) (pattern, attrs string) {
	line = strings.TrimLeft(line, " \t")
	if strings.HasPrefix(line, `"`) {
		for i := 1; i < len(line); i++ {
			switch line[i] {
			case '\\':
				i++
			case '"':
				return line[:i+1], line[i+1:]
			}
		}
		return line, ""
	}
	if i := strings.IndexAny(line, " \t"); i >= 0 {
		return line[:i], line[i:]
	}
	return line, ""
}

// attrPattern writes a pattern as .gitattributes reads it: quoted in C
// style when it holds white space, a quote or a backslash, or starts a
// comment.
func attrPattern(p string) string {
	if !strings.ContainsAny(p, " \t\"\\") && !strings.HasPrefix(p, "#") {
		return p
	}
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\t", `\t`)
	return `"` + r.Replace(p) + `"`
}
