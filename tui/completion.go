package tui

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// completionShells are the shells 'feedsync completion' writes a script
// for.
var completionShells = []string{"bash", "zsh", "fish"}

// runCompletion is 'feedsync completion bash|zsh|fish': a script that
// completes commands, subcommands, flags, help topics and file names,
// made from the command table the usage lines come from.
func runCompletion(_ context.Context, env *Env, args []string) error {
	pos, err := newFlags("completion").parseCount(env, args, "want one shell, bash, zsh or fish", 1)
	if err != nil {
		return err
	}
	words := completionWords()
	switch pos[0] {
	case "bash":
		return writeBash(env.Stdout, words)
	case "zsh":
		return writeZsh(env.Stdout, words)
	case "fish":
		return writeFish(env.Stdout, words)
	}
	return usageError("completion", "no completion for the shell %q; want bash, zsh or fish", pos[0])
}

// completionSet is what a script completes, from the command table: the
// commands with their summaries, the words after a command that has
// subcommands or topics, and each command's flags ("cse pull" for a
// subcommand's).
type completionSet struct {
	commands []command
	subs     map[string][]string
	flags    map[string][]string
}

var usageFlag = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?:^|[\s\[|])(--?[a-z][a-z-]*)`) })

// completionWords collects the completion set from the command table.
func completionWords() completionSet {
	cs := completionSet{commands: commands, subs: map[string][]string{}, flags: map[string][]string{}}
	for _, c := range commands {
		cs.flags[c.name] = usageFlags(c.args)
	}
	for _, c := range cseCommands {
		cs.subs["cse"] = append(cs.subs["cse"], c.name)
		cs.flags["cse "+c.name] = usageFlags(c.args)
	}
	for _, c := range dbCommands {
		cs.subs["db"] = append(cs.subs["db"], c.name)
		cs.flags["db "+c.name] = usageFlags(c.args)
	}
	cs.flags["db"] = nil
	cs.subs["git"] = []string{"setup"}
	cs.flags["git setup"], cs.flags["git"] = cs.flags["git"], nil
	for _, t := range helpTopics {
		cs.subs["help"] = append(cs.subs["help"], t.name)
	}
	for _, c := range commands {
		if !slices.Contains(cs.subs["help"], c.name) {
			cs.subs["help"] = append(cs.subs["help"], c.name)
		}
	}
	cs.subs["completion"] = completionShells
	return cs
}

// usageFlags are the flags a usage line names, each once, in order.
func usageFlags(args string) []string {
	var out []string
	for _, m := range usageFlag().FindAllStringSubmatch(args, -1) {
		if !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	return out
}

// names are the commands' names.
func (cs completionSet) names() []string {
	var out []string
	for _, c := range cs.commands {
		out = append(out, c.name)
	}
	return out
}

// flagKeys are the keys of cs.flags in the order of the command table.
func (cs completionSet) flagKeys() []string {
	var out []string
	for _, c := range cs.commands {
		if c.name == "cse" || c.name == "git" || c.name == "db" {
			for _, s := range cs.subs[c.name] {
				out = append(out, c.name+" "+s)
			}
			continue
		}
		out = append(out, c.name)
	}
	return out
}

// firstLine is a summary's first line, as a completion menu shows it.
func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

func writeBash(w io.Writer, cs completionSet) error {
	var b strings.Builder
	b.WriteString("# bash completion for feedsync: 'source <(feedsync completion bash)',\n")
	b.WriteString("# or write it to a file in ~/.local/share/bash-completion/completions/feedsync\n")
	b.WriteString("_feedsync() {\n")
	b.WriteString("    local cur=\"${COMP_WORDS[COMP_CWORD]}\" cmd=\"${COMP_WORDS[1]}\" key words\n")
	fmt.Fprintf(&b, "    if [[ $COMP_CWORD -eq 1 ]]; then\n        COMPREPLY=($(compgen -W %q -- \"$cur\"))\n        return\n    fi\n",
		strings.Join(append(cs.names(), "-h", "--help", "--version"), " "))
	b.WriteString("    key=\"$cmd\"\n    case \"$cmd\" in\n")
	subcommandArms(&b, cs, "    %s)\n        if [[ $COMP_CWORD -eq 2 ]]; then\n            COMPREPLY=($(compgen -W %q -- \"$cur\"))\n            return\n        fi\n",
		"        key=\"$cmd ${COMP_WORDS[2]}\"\n")
	b.WriteString("    esac\n    if [[ \"$cur\" == -* ]]; then\n        case \"$key\" in\n")
	for _, k := range cs.flagKeys() {
		fmt.Fprintf(&b, "        %q) words=%q ;;\n", k, strings.Join(append(slices.Clone(cs.flags[k]), "-h"), " "))
	}
	b.WriteString("        esac\n        COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n        return\n    fi\n")
	b.WriteString("    COMPREPLY=()  # file names, through -o default\n}\n")
	b.WriteString("complete -o default -F _feedsync feedsync\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// subcommandArms writes the arms of a shell's case on the command that
// complete the subcommands of the commands that have them: arm is the
// arm's start, a format of the command's name and its subcommands; key,
// the line that keys the flags by the subcommand too (cse, db and git,
// whose subcommands take flags of their own).
func subcommandArms(b *strings.Builder, cs completionSet, arm, key string) {
	for _, name := range []string{"cse", "db", "git", "help", "completion"} {
		fmt.Fprintf(b, arm, name, strings.Join(cs.subs[name], " "))
		if name == "cse" || name == "git" || name == "db" {
			b.WriteString(key)
		}
		b.WriteString("        ;;\n")
	}
}

// zshQuote quotes s for zsh in single quotes.
func zshQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

func writeZsh(w io.Writer, cs completionSet) error {
	var b strings.Builder
	b.WriteString("#compdef feedsync\n")
	b.WriteString("# zsh completion for feedsync: write it as _feedsync in a folder of $fpath,\n")
	b.WriteString("# or 'source <(feedsync completion zsh)' after compinit\n")
	b.WriteString("_feedsync() {\n    local -a cmds words\n    local key\n    cmds=(\n")
	for _, c := range cs.commands {
		fmt.Fprintf(&b, "        %s\n", zshQuote(c.name+":"+firstLine(c.summary)))
	}
	b.WriteString("    )\n    if (( CURRENT == 2 )); then\n        _describe 'command' cmds\n        return\n    fi\n")
	b.WriteString("    key=$words[2]\n    case $words[2] in\n")
	subcommandArms(&b, cs, "    %s)\n        if (( CURRENT == 3 )); then\n            compadd -- %s\n            return\n        fi\n",
		"        key=\"$words[2] $words[3]\"\n")
	b.WriteString("    esac\n    if [[ $PREFIX == -* ]]; then\n        case $key in\n")
	for _, k := range cs.flagKeys() {
		fmt.Fprintf(&b, "        %s) words=(%s -h) ;;\n", zshQuote(k), strings.Join(cs.flags[k], " "))
	}
	b.WriteString("        esac\n        compadd -- $words\n        return\n    fi\n    _files\n}\n")
	b.WriteString("if [[ $zsh_eval_context[-1] == loadautofunc ]]; then\n    _feedsync \"$@\"\nelse\n    compdef _feedsync feedsync\nfi\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// fishQuote quotes s for fish in single quotes.
func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

func writeFish(w io.Writer, cs completionSet) error {
	var b strings.Builder
	b.WriteString("# fish completion for feedsync: 'feedsync completion fish > ~/.config/fish/completions/feedsync.fish'\n")
	for _, c := range cs.commands {
		fmt.Fprintf(&b, "complete -c feedsync -n __fish_use_subcommand -f -a %s -d %s\n", c.name, fishQuote(firstLine(c.summary)))
	}
	for _, name := range []string{"cse", "db", "git", "help", "completion"} {
		fmt.Fprintf(&b, "complete -c feedsync -n %s -f -a %s\n",
			fishQuote("__fish_seen_subcommand_from "+name+"; and test (count (commandline -opc)) -eq 2"), fishQuote(strings.Join(cs.subs[name], " ")))
	}
	for _, k := range cs.flagKeys() {
		cond := "__fish_seen_subcommand_from " + k
		if sub, ok := strings.CutPrefix(k, "cse "); ok {
			cond = "__fish_seen_subcommand_from cse; and __fish_seen_subcommand_from " + sub
		} else if sub, ok := strings.CutPrefix(k, "db "); ok {
			cond = "__fish_seen_subcommand_from db; and __fish_seen_subcommand_from " + sub
		} else if k == "git setup" {
			cond = "__fish_seen_subcommand_from git; and __fish_seen_subcommand_from setup"
		}
		for _, f := range cs.flags[k] {
			opt := "-l " + strings.TrimPrefix(f, "--")
			if !strings.HasPrefix(f, "--") {
				opt = "-s " + strings.TrimPrefix(f, "-")
			}
			fmt.Fprintf(&b, "complete -c feedsync -n %s %s\n", fishQuote(cond), opt)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
