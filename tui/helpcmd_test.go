package tui

import (
	"strings"
	"testing"
)

// TestHelpAndUnknownCommand guards QA Q11: 'help CMD' is 'CMD -h'; an
// unknown command is one line that says where the commands are listed,
// not the whole usage burying it; 'version' and '--version' say which
// feedsync this is.
func TestHelpAndUnknownCommand(t *testing.T) {
	h := newHarness(t)
	_, mergeHelp, _ := h.run("", "merge", "-h")
	code, out, stderr := h.run("", "help", "merge")
	if code != ExitOK || out != mergeHelp || stderr != "" {
		t.Errorf("help merge: exit %d, stdout %q, stderr %q; want merge -h's %q", code, out, stderr, mergeHelp)
	}
	if code, _, stderr := h.run("", "frobnicate"); code != ExitError || stderr != "feedsync: unknown command \"frobnicate\"; run 'feedsync -h' for the commands\n" {
		t.Errorf("frobnicate: exit %d, stderr %q", code, stderr)
	}
	// 'help frobnicate' lists the topics and commands (issue 29, item 12:
	// TestHelpUnknownListsTopicsAndCommands).
	if code, _, stderr := h.run("", "cse", "frobnicate"); code != ExitError || stderr != "feedsync cse: unknown command \"frobnicate\"; run 'feedsync cse -h' for its commands\n" {
		t.Errorf("cse frobnicate: exit %d, stderr %q", code, stderr)
	}
	// A command's message names it once, as "feedsync CMD: ": never
	// "feedsync: feedsync CMD:", nor a bare "CMD:" (QA's newcomer pass,
	// wave 4). Without a terminal, the resolver's commands say so.
	feed := h.write("f.xml", oneItem)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", feed, "--addr", "0.0.0.0:0"}, "feedsync serve: refusing to listen on 0.0.0.0"},
		{[]string{"demo"}, "feedsync demo: the resolver needs a terminal"},
		{[]string{"serve", feed, "--token-file", feed + ".none"}, "feedsync serve: --token-file: open " + feed + ".none: no such file"},
		{[]string{"resolve", feed}, "feedsync resolve: the interactive resolver needs a terminal"},
		{[]string{"git-mergetool", feed}, "feedsync git-mergetool: the resolver needs a terminal"},
	} {
		if code, _, stderr := h.run("", tc.args...); code != ExitError || !strings.HasPrefix(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want it to start %q", tc.args, code, stderr, tc.want)
		}
	}
	// help's own help is the general usage, and help of a subcommand is
	// the subcommand's -h (QA's newcomer pass, wave 4).
	_, general, _ := h.run("", "-h")
	for _, args := range [][]string{{"help", "-h"}, {"help", "help"}, {"help", "--help"}} {
		if code, out, stderr := h.run("", args...); code != ExitOK || out != general || stderr != "" {
			t.Errorf("%v: exit %d, stderr %q; want -h's usage on stdout", args, code, stderr)
		}
	}
	for _, sub := range [][]string{{"cse", "pull"}, {"git", "setup"}} {
		_, want, _ := h.run("", append(sub, "-h")...)
		if code, out, stderr := h.run("", append([]string{"help"}, sub...)...); code != ExitOK || out != want || stderr != "" {
			t.Errorf("help %v: exit %d, stdout %q, stderr %q; want %v -h's %q", sub, code, out, stderr, sub, want)
		}
	}
	// A command without arguments has no blank left after its name.
	if _, out, _ := h.run("", "version", "-h"); !strings.HasPrefix(out, "usage: feedsync version\n") {
		t.Errorf("version -h: %q", out)
	}
	for _, arg := range []string{"version", "--version"} {
		code, out, _ := h.run("", arg)
		if code != ExitOK || !strings.HasPrefix(out, "feedsync ") || strings.Count(out, "\n") != 1 {
			t.Errorf("%s: exit %d, %q; want one line 'feedsync VERSION …'", arg, code, out)
		}
	}
}

// TestEveryCommandRefusesExtraArguments: a positional argument more than
// a command takes is bad usage (exit 2, "feedsync CMD: ..." and its
// usage), never ignored: 'version extra' printed the version.
func TestEveryCommandRefusesExtraArguments(t *testing.T) {
	h := newHarness(t)
	feed := h.write("f.xml", oneItem)
	url := "http://127.0.0.1:1/"
	for _, args := range [][]string{
		{"version", "extra"},
		{"--version", "extra"},
		{"endpoint", feed, "extra"},
		{"demo", "extra"},
		{"merge", feed, feed, "extra"},
		{"create", feed, "extra", "--id", "new", "--by", "A"},
		{"update", feed, "extra", "--id", "item1", "--title", "x", "--by", "A"},
		{"resolve", feed, "extra", "--id", "item1", "--pick", "winner", "--by", "A"},
		{"resolve", feed, feed, "extra"},
		{"adopt", feed, "extra"},
		{"conflicts", feed, "extra"},
		{"serve", feed, "extra"},
		{"sync", feed, url, "extra"},
		{"pull", feed, url, "extra"},
		{"cse", "pull", feed, h.path("cache"), "extra"},
		{"cse", "fetch", h.path("cache"), "x.xml", "extra"},
		{"cse", "ls", h.path("cache"), "extra"},
		{"cse", "stamp", feed, "extra"},
		{"git-merge", feed, feed, feed, "path.xml", "extra"},
		{"git-mergetool", feed, feed},
		{"git-mergetool", feed, feed, feed, feed, "extra"},
		{"help", "merge", "extra"},
		{"help", "help", "extra"},
	} {
		code, stdout, stderr := h.run("", args...)
		name := commandName(args)
		if args[0] == "--version" {
			name = "version"
		}
		if code != ExitError || stdout != "" || !strings.HasPrefix(stderr, "feedsync "+name+": ") || !strings.Contains(stderr, "usage: feedsync "+strings.TrimPrefix(args[0], "--")) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and the usage", args, code, stdout, stderr)
		}
	}
}
