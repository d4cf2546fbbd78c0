package tui

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/feedsync/feedsync/feeds"
)

// ConflictList is the document 'feedsync conflicts --json' prints: the
// items of a feed that hold conflicts, each with its winner and its
// conflict versions in document order (the numbering of resolve --pick N).
type ConflictList struct {
	Feed    string         `json:"feed"`
	Dialect string         `json:"dialect"` // "feedsync-1.0.2" or "sse-0.91"
	Items   []ConflictItem `json:"items"`
}

// ConflictItem is one item in conflict.
type ConflictItem struct {
	ID       string    `json:"id"`
	Title    string    `json:"title"`
	Winner   Version   `json:"winner"`
	Versions []Version `json:"versions"`
}

// Version is one version of an item: its sync metadata and shared data.
// FeedSync 1.0.2 versions have updates and noconflicts; SSE 0.91 ones have
// version and conflict instead.
type Version struct {
	Updates     int            `json:"updates,omitempty"`
	Version     int            `json:"version,omitempty"`
	Deleted     bool           `json:"deleted"`
	NoConflicts bool           `json:"noconflicts,omitempty"`
	Conflict    bool           `json:"conflict,omitempty"`
	History     []HistoryEntry `json:"history"`
	Shared      []Field        `json:"shared"`
}

// HistoryEntry is one history entry, newest first: an sx:history of
// FeedSync 1.0.2 with its sequence, or for SSE 0.91 the sx:history then its
// sx:update entries. when and by are left out when absent.
type HistoryEntry struct {
	Sequence int    `json:"sequence,omitempty"`
	When     string `json:"when,omitempty"`
	By       string `json:"by,omitempty"`
}

// Field is one field of shared data (implementation note 1).
type Field struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	Value string `json:"value"`
}

func runConflicts(ctx context.Context, env *Env, args []string) error {
	f := newFlags("conflicts")
	asJSON := f.Bool("json", false, "print the documented JSON schema instead of a table")
	pos, err := f.parse(env, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageError("conflicts", "want one FEED, got %d argument(s)", len(pos))
	}
	doc, err := load(ctx, env, pos[0])
	if err != nil {
		return err
	}
	list := doc.Conflicts()
	if *asJSON {
		enc := json.NewEncoder(env.Stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(list); err != nil {
			return err
		}
	} else {
		printConflicts(env, list)
	}
	if len(list.Items) > 0 {
		return errConflicts
	}
	return nil
}

func sharedFields(fs []feeds.Field) []Field {
	out := []Field{}
	for _, f := range fs {
		out = append(out, Field{Key: f.Key, Label: f.Label, Value: f.Value})
	}
	return out
}

func printConflicts(env *Env, list ConflictList) {
	if len(list.Items) == 0 {
		fmt.Fprintf(env.Stdout, "%s: no items in conflict\n", list.Feed)
		return
	}
	tw := tabwriter.NewWriter(env.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tTITLE\tVERSIONS\tENDPOINTS")
	for _, it := range list.Items {
		eps := []string{topBy(it.Winner)}
		for _, v := range it.Versions {
			eps = append(eps, topBy(v))
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\n", it.ID, oneLine(it.Title), len(it.Versions)+1, strings.Join(eps, ", "))
	}
	tw.Flush()
}

func topBy(v Version) string {
	if len(v.History) == 0 || v.History[0].By == "" {
		return "(no by)"
	}
	return v.History[0].By
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 40 {
		s = string(r[:39]) + "…"
	}
	return s
}

func runValidate(ctx context.Context, env *Env, args []string) error {
	f := newFlags("validate")
	pos, err := f.parse(env, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usageError("validate", "want at least one FEED")
	}
	bad := false
	for _, src := range pos {
		data, err := readSource(ctx, env, src)
		if err != nil {
			fmt.Fprintf(env.Stderr, "%s: %v\n", displayName(src), err)
			bad = true
			continue
		}
		problems := validateFeed(src, data)
		for _, p := range problems {
			fmt.Fprintln(env.Stderr, p)
		}
		if len(problems) > 0 {
			bad = true
			continue
		}
		fmt.Fprintf(env.Stdout, "%s: valid\n", displayName(src))
	}
	if bad {
		return exitStatus(ExitError)
	}
	return nil
}
