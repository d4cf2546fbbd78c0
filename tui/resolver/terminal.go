package resolver

import (
	"os"
	"strings"

	"github.com/xo/terminfo"
)

// The resolver reads the terminal's abilities from the environment, as
// programs on a terminal do: NO_COLOR (any non-empty value, no-color.org)
// and a monochrome TERM turn colour off, and changed words then carry the
// [-old-]{+new+} markers. Whether the background is light is asked of the
// terminal itself once the program runs (tea.RequestBackgroundColor).

// monoTerms are terminals known to show no colour whatever their terminfo
// entry says, or that may lack one.
var monoTerms = map[string]bool{"dumb": true, "vt52": true, "vt100": true, "vt102": true, "vt220": true, "vt320": true}

// monoTerm reports a terminal that shows no colour: TERM names a
// monochrome one ("xterm-mono", "vt100", "linux-m"), or its terminfo entry
// gives fewer than 8 colours or none, as `tput colors` would. An unknown
// TERM, or none, is not taken for monochrome.
func monoTerm(term string) bool {
	switch {
	case term == "":
		return false
	case monoTerms[term] || strings.HasSuffix(term, "-mono") || strings.HasSuffix(term, "-m"):
		return true
	}
	ti, err := terminfo.Load(term)
	if err != nil {
		return false
	}
	colors, ok := ti.Nums[terminfo.MaxColors]
	return !ok || colors < 8
}

// noColorEnv reports NO_COLOR set to any non-empty value (no-color.org),
// which colorprofile alone reads as a boolean.
func noColorEnv() bool { return os.Getenv("NO_COLOR") != "" }

// monoEnv reports that the environment asks for no colour, or names a
// terminal that has none.
func monoEnv() bool { return noColorEnv() || monoTerm(os.Getenv("TERM")) }
