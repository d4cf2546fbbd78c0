package resolver

import (
	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/mergeview"
)

// KeyHelp is one binding as the ? overlay shows it: its keys and what it
// does; Bound are the keys it binds, as Bubble Tea names them.
type KeyHelp struct {
	Keys, Desc string
	Bound      []string
}

// KeyTable is what one screen, overlay or question of the resolver binds,
// in the order its ? overlay lists it, and the keys its status bar shows
// first (Short), which the README's short tables list.
type KeyTable struct {
	Screen string
	Keys   []KeyHelp
	Short  []KeyHelp
}

// questions names every question the resolver asks, for the key tables.
var questions = []struct {
	q    question
	name string
}{
	{askQuit, "quitting with unsaved work (q, ctrl+c)"},
	{askKeepAll, "keeping every winner (A)"},
	{askTakeAll, "taking one endpoint's versions (T)"},
	{askLeaveMerge, "leaving the merge view with a changed result"},
	{askMergeIn, "a save that found the file changed on disk"},
	{askCombineAll, "combining every item that combines (C)"},
	{askApplyOpen, "applying a merge with hunks still open"},
}

// namedKeys is a screen's key map and its name in the key tables.
type namedKeys struct {
	name string
	km   help.KeyMap
}

// KeyTables returns the keys of every screen of the resolver, made from
// the same key maps the screens, their status bars and their ? overlays
// use, so that 'feedsync help resolver' and the README cannot document a
// key that is bound differently.
func KeyTables() []KeyTable {
	k := DefaultActionKeys()
	merge := mergeview.DefaultKeys()
	screens := []namedKeys{
		{"the list", listScreenKeys(k, DefaultListKeys())},
		{"the list, while the filter is typed (/)", filterKeys{DefaultListKeys()}},
		{"an item", itemScreenKeys(k, DefaultItemKeys())},
		{"the merge view (e)", merge},
		{"the merge view, typing in the result (e, enter)", mergeview.TypingKeys{Keys: merge}},
		{"the item's XML (x)", DefaultXMLKeys()},
		{"the help overlay (?)", DefaultHelpKeys()},
		{"the save-as prompt (after a failed save)", DefaultPromptKeys()},
	}
	for _, q := range questions {
		screens = append(screens, namedKeys{"the question on " + q.name, Confirm{choices: choicesFor(q.q)}.KeyMap()})
	}
	var tables []KeyTable
	for _, sc := range screens {
		tables = append(tables, KeyTable{Screen: sc.name, Keys: keyHelp(sc.km), Short: helpOf(sc.km.ShortHelp())})
	}
	return tables
}

// keyHelp lists a key map's enabled bindings as its ? overlay does, each
// once.
func keyHelp(km help.KeyMap) []KeyHelp { return helpOf(km.FullHelp()...) }

// helpOf lists enabled bindings, each once.
func helpOf(groups ...[]key.Binding) []KeyHelp {
	var out []KeyHelp
	seen := map[[2]string]bool{}
	for _, g := range groups {
		for _, b := range g {
			h := [2]string{b.Help().Key, b.Help().Desc}
			if b.Enabled() && !seen[h] {
				seen[h] = true
				out = append(out, KeyHelp{h[0], h[1], b.Keys()})
			}
		}
	}
	return out
}

// KeyRules returns where the rules behind the keys come from, as the ?
// overlays of the item screen and the merge view say it: for FeedSync
// 1.0.2, and for SSE 0.91 (an OPML outline's included).
func KeyRules() (feedsync, sse []string) {
	feedsync = append(rulesFor(dialect.FeedSync102, false, false), rulesFor(dialect.FeedSync102, false, true)...)
	sse = append(rulesFor(dialect.SSE091, true, false), rulesFor(dialect.SSE091, true, true)...)
	return feedsync, sse
}
