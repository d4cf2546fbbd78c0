package tui

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/store"
	"github.com/feedsync/feedsync/feeds/threeway"
)

// An autoOutcome is what resolve --auto did with one item in conflict.
type autoOutcome struct {
	id, title string
	plan      threeway.Plan
	err       error // why the item was left: no base, or the resolution refused
}

func (o autoOutcome) combined() bool { return o.err == nil && o.plan.Clean() }

// autoResolve is 'resolve FEED --auto': every item in conflict whose
// versions combine three-way against their base (package threeway, bases
// from the version store beside FEED) is resolved with the combination,
// one 1.0.2 §3.4 (0.91 §5) resolution stamped st; the rest are left as
// they are. Nothing is written when nothing combines.
func autoResolve(ctx context.Context, env *Env, src, out string, st engine.Stamp) error {
	bases := openBases(env, src)
	defer bases.Close()
	return writing(ctx, env, out, []string{src}, func(env *Env) error {
		doc, err := load(ctx, env, src)
		if err != nil {
			return err
		}
		outcomes := combineAll(doc, bases, st)
		if w := bases.TakeWarning(); w != nil { // damaged records the look-ups met
			env.warn(w.Error())
		}
		reportAuto(env, doc.Name(), outcomes)
		done := 0
		for _, o := range outcomes {
			if o.combined() {
				done++
			}
		}
		if done == 0 {
			if len(outcomes) > 0 {
				return attention(fmt.Sprintf("%s: nothing combined, nothing written; %s", doc.Name(), conflictsLeft(len(outcomes), src, true)))
			}
			return nil
		}
		return finish(env, out, doc)
	})
}

// openBases opens the version store beside the feed at src, saying once
// why when it cannot; a feed that is not a local file has none.
func openBases(env *Env, src string) *store.Store {
	if src == "-" || !isLocalPath(src) {
		return nil
	}
	s, warning := store.Open(src)
	if warning != nil {
		env.warn(warning.Error())
	}
	return s
}

// storeBases reads bases from a store, each field with the type its Atom
// text construct had (html, xhtml), which the store keeps beside the
// fields.
type storeBases struct{ s *store.Store }

// Base returns the fields of the version of id whose topmost entry is h.
func (b storeBases) Base(id string, h dialect.History) ([]feeds.Field, bool) {
	v, ok := b.s.Lookup(id, h)
	if !ok {
		return nil, false
	}
	for i, f := range v.Fields {
		if t, ok := v.Types[f.Key]; ok {
			v.Fields[i].Type = t
		}
	}
	return v.Fields, true
}

// combineAll resolves every item of doc in conflict that combines, and
// returns what it did with each item in conflict, in document order.
func combineAll(doc *dialect.Doc, s *store.Store, st engine.Stamp) []autoOutcome {
	var out []autoOutcome
	for _, e := range doc.Entries() {
		if !e.InConflict() {
			continue
		}
		o := autoOutcome{id: e.ID(), title: e.Title()}
		o.plan, o.err = threeway.Combine(e, storeBases{s})
		if o.combined() {
			res, err := doc.Resolve(e, st, o.plan.Resolution, dialect.Options{})
			if err != nil {
				o.err = err
			} else {
				doc.Set(res)
				o.title = res.Title()
			}
		}
		out = append(out, o)
	}
	return out
}

// reportAuto says on standard error what was combined and what was left,
// an item a line, up to maxListed lines of each.
func reportAuto(env *Env, name string, outcomes []autoOutcome) {
	var done, left []string
	for _, o := range outcomes {
		line := fmt.Sprintf("%s %q", o.id, oneLine(o.title))
		if o.combined() {
			done = append(done, line+": "+changedText(o.plan))
		} else {
			left = append(left, line+": "+leftText(o))
		}
	}
	if len(outcomes) == 0 {
		fmt.Fprintf(env.Stderr, "feedsync resolve: %s: no items in conflict\n", name)
		return
	}
	listAuto(env, name, "combined", done)
	listAuto(env, name, "left in conflict", left)
}

func listAuto(env *Env, name, what string, lines []string) {
	if len(lines) == 0 {
		return
	}
	fmt.Fprintf(env.Stderr, "feedsync resolve: %s: %s %s\n", name, what, count(len(lines), "item"))
	for i, l := range lines {
		if i == maxListed {
			fmt.Fprintf(env.Stderr, "  ... and %d more\n", len(lines)-i)
			return
		}
		fmt.Fprintf(env.Stderr, "  %s\n", l)
	}
}

// changedText says what a combination changed of the winner.
func changedText(p threeway.Plan) string {
	if len(p.Changed) == 0 {
		return fmt.Sprintf("the winner's data, which every change since #%d by %s holds", p.Base.Number, p.Base.By)
	}
	return fmt.Sprintf("%s combined since #%d by %s", strings.Join(p.Changed, ", "), p.Base.Number, p.Base.By)
}

// leftText says why an item was left in conflict.
func leftText(o autoOutcome) string {
	switch {
	case errors.Is(o.err, threeway.ErrNoBase):
		return noBaseText(o.err)
	case o.err != nil:
		return "the combination cannot be written: " + o.err.Error()
	}
	var parts []string
	for _, c := range o.plan.Clashes {
		parts = append(parts, clashText(c))
	}
	return strings.Join(parts, "; ")
}

// noBaseText words threeway's ErrNoBase without its item prefix.
func noBaseText(err error) string {
	msg := err.Error()
	if _, rest, ok := strings.Cut(msg, ": "); ok {
		msg = rest
	}
	return strings.TrimSuffix(msg, ": "+threeway.ErrNoBase.Error())
}

// clashText says what clashes.
func clashText(c threeway.Clash) string {
	switch c.Why {
	case threeway.Deleted:
		return "a version is deleted"
	case threeway.Moved:
		return "the versions place it apart"
	case threeway.Cycle:
		return "a move would put the outline under itself (0.91 §4.4.2)"
	case threeway.Nested:
		return "two versions share a later edit than the base, which one may have undone"
	case threeway.Removed:
		return c.Key + " removed on one side, changed on another"
	case threeway.Edits:
		return c.Key + " changed in the same place"
	}
	return c.Key + " changed differently"
}
