package tui

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/threeway"
)

// ConflictList is the document 'feedsync conflicts --json' prints: the
// items of a feed that hold conflicts, each with its winner and its
// conflict versions in document order (the numbering of resolve --pick N).
type ConflictList struct {
	Feed    string         `json:"feed"`
	Dialect string         `json:"dialect"` // "feedsync-1.0.2", "sse-0.91", or "none" for a feed with no sync data yet
	Items   []ConflictItem `json:"items"`
}

// ConflictItem is one item in conflict.
type ConflictItem struct {
	ID       string    `json:"id"`
	Title    string    `json:"title"`
	Winner   Version   `json:"winner"`
	Versions []Version `json:"versions"`
	// Base is the version the winner and every conflict version started
	// from (package threeway), null when their histories share no entry
	// or an SSE 0.91 conflict record does not say its losing version was
	// made from the winner's version before it (fso:fromWhen, fso:fromBy).
	Base *Base `json:"base"`
	// Combines says that the versions combine three-way against the base
	// without a clash: 'resolve --auto' resolves the item. Clashes lists
	// the keys of the fields that clash ("" for the item as a whole: a
	// deletion, an outline placed apart, versions that share a later edit
	// than the base) when the base is known.
	Combines bool     `json:"combines"`
	Clashes  []string `json:"clashes,omitempty"`
}

// Base is the base version of a conflict: its topmost history entry (a
// FeedSync 1.0.2 sequence, an SSE 0.91 version number) and whether the
// version store beside the feed holds its data.
type Base struct {
	Sequence int    `json:"sequence,omitempty"`
	Version  int    `json:"version,omitempty"`
	When     string `json:"when,omitempty"`
	By       string `json:"by,omitempty"`
	Known    bool   `json:"known"`
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
	asJSON := f.Bool("json", false, "print the conflicts as JSON instead of a table ('feedsync help fields' has the schema)")
	pos, err := f.parseCount(env, args, "want one FEED", 1)
	if err != nil {
		return err
	}
	return interruptible(ctx, env, func(env *Env) error { return listConflicts(ctx, env, pos[0], *asJSON) })
}

// fillBase fills in an item's base and whether it combines.
func fillBase(ci *ConflictItem, e dialect.Entry, bases threeway.Bases) {
	h, ok := threeway.BaseOf(e)
	if !ok {
		return
	}
	ci.Base = &Base{When: rfc3339(h.When), By: h.By}
	if e.Winner().State().Dialect == dialect.FeedSync102 {
		ci.Base.Sequence = h.Number
	} else {
		ci.Base.Version = h.Number
	}
	p, err := threeway.Combine(e, bases)
	if err != nil {
		return
	}
	ci.Base.Known, ci.Combines = true, p.Clean()
	for _, c := range p.Clashes {
		ci.Clashes = append(ci.Clashes, c.Key)
	}
}

// listConflicts prints FEED's conflicts, as a table or as JSON.
func listConflicts(ctx context.Context, env *Env, src string, asJSON bool) error {
	doc, err := load(ctx, env, src)
	if err != nil {
		return err
	}
	bases := openBases(env, src)
	defer bases.Close()
	list := conflictList(doc, storeBases{bases})
	if asJSON {
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

// conflictList lists the items of doc in conflict, with their bases.
func conflictList(doc *dialect.Doc, bases threeway.Bases) ConflictList {
	list := ConflictList{Feed: doc.Name(), Dialect: doc.Dialect().String(), Items: []ConflictItem{}}
	for _, e := range doc.Entries() {
		if !e.InConflict() {
			continue
		}
		ci := ConflictItem{ID: e.ID(), Title: e.Title(), Winner: version(e.Winner())}
		for _, v := range e.Versions() {
			ci.Versions = append(ci.Versions, version(v))
		}
		fillBase(&ci, e, bases)
		list.Items = append(list.Items, ci)
	}
	return list
}

// version is one version in the JSON schema: FeedSync 1.0.2's updates,
// noconflicts and sequences, or SSE 0.91's version and conflict flag.
func version(v dialect.Version) Version {
	s := v.State()
	out := Version{Deleted: s.Deleted, History: []HistoryEntry{}, Shared: []Field{}}
	if s.Dialect == dialect.FeedSync102 {
		out.Updates, out.NoConflicts = s.Updates, s.NoConflicts
	} else {
		out.Version, out.Conflict = s.Version, s.Conflict
	}
	for _, h := range v.History() {
		e := HistoryEntry{When: rfc3339(h.When), By: h.By}
		if s.Dialect == dialect.FeedSync102 {
			e.Sequence = h.Number
		}
		out.History = append(out.History, e)
	}
	for _, f := range v.Fields() {
		if f.Shared {
			out.Shared = append(out.Shared, Field{Key: f.Key, Label: f.Label, Value: f.Value})
		}
	}
	return out
}

func rfc3339(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return feeds.DateTime(t) // a leap second as 23:59:60Z (1.0.2 §2.1.5)
}

func printConflicts(env *Env, list ConflictList) {
	if len(list.Items) == 0 {
		fmt.Fprintf(env.Stdout, "%s: no items in conflict\n", list.Feed)
		return
	}
	tw := tabwriter.NewWriter(env.Stdout, 0, 4, 2, ' ', 0)
	// OTHERS counts the conflict versions beside the winner: version N is
	// 'resolve --pick N', as the resolver's list counts them; ENDPOINTS
	// names the winner's, then each version's.
	fmt.Fprintln(tw, "ID\tTITLE\tOTHERS\tENDPOINTS")
	for _, it := range list.Items {
		eps := []string{topBy(it.Winner)}
		for _, v := range it.Versions {
			eps = append(eps, topBy(v))
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\n", it.ID, oneLine(it.Title), len(it.Versions), strings.Join(eps, ", "))
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
	return interruptible(ctx, env, func(env *Env) error { return validateAll(ctx, env, pos) })
}

// validateAll validates each FEED, printing its problems and warnings.
// Of several FEEDs that are valid, it also names the items that one of
// them holds with the same sync data as the first but different data (a
// peer changed the data without a new version, implementation note 1),
// and the items one endpoint changed in both with one sequence: what a
// merge of the two would warn of.
func validateAll(ctx context.Context, env *Env, pos []string) error {
	bad := false
	var valid []validFeed
	for _, src := range pos {
		data, err := readSource(ctx, env, src)
		if err != nil {
			fmt.Fprintln(env.Stderr, "feedsync validate:", placed(displayName(src), err))
			bad = true
			continue
		}
		problems, warnings := validateFeed(src, data)
		for _, p := range problems {
			fmt.Fprintln(env.Stderr, "feedsync validate:", p)
		}
		for _, w := range warnings {
			env.warn(w)
		}
		if len(problems) > 0 {
			bad = true
			continue
		}
		fmt.Fprintf(env.Stdout, "%s: valid\n", displayName(src))
		valid = append(valid, validFeed{src, data})
	}
	compareValid(env, valid)
	if bad {
		return exitStatus(ExitError)
	}
	return nil
}

// validFeed is a FEED that validate found valid, kept for compareValid.
type validFeed struct {
	src  string
	data []byte
}

// compareValid merges each valid FEED after the first into the first and
// prints what the merge would warn of (dialect.Doc.MergeWarnings). Feeds
// that do not merge (two dialects) are not compared.
func compareValid(env *Env, valid []validFeed) {
	if len(valid) < 2 {
		return
	}
	first, err := dialect.Parse(displayName(valid[0].src), valid[0].data)
	if err != nil {
		return
	}
	for _, v := range valid[1:] {
		other, err := dialect.Parse(displayName(v.src), v.data)
		if err != nil {
			continue
		}
		if merged, err := dialect.Merge(first, other); err == nil {
			warnMerged(env, merged)
		}
	}
}
