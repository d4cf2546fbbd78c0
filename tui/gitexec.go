package tui

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
)

// gitExec runs git with args, standard input closed, and returns what it
// wrote to standard output and its exit code. err is nil when git exited
// 0; else it names the command and says what git wrote to standard error,
// or why git did not run or did not exit by itself (code is then -1).
// Callers to whom an exit code other than 0 is an answer (git merge-file
// counts conflicts with it) look at code.
func gitExec(ctx context.Context, args ...string) (out []byte, code int, err error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err = cmd.Run(); err == nil {
		return stdout.Bytes(), 0, nil
	}
	code = -1
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	}
	if msg := strings.TrimSpace(stderr.String()); msg != "" {
		err = errors.New(msg)
	}
	return stdout.Bytes(), code, fmt.Errorf("git %s: %w", strings.Join(args, " "), err)
}

// runGitCommand runs git with args and returns its output without the
// final newline; a failure carries what git said.
func runGitCommand(ctx context.Context, args ...string) (string, error) {
	out, _, err := gitExec(ctx, args...)
	if err != nil {
		return "", err
	}
	return strings.TrimSuffix(string(out), "\n"), nil
}
