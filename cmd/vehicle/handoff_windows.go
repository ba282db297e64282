//go:build windows

package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"

	"github.com/sophia-labs/vehicle/internal/cli"
)

// execTUI runs vehicle-tui with args as a child on the same console and
// standard streams and ends with its exit code (Windows has no exec).
// ctrl+c reaches the child from the console; this process ignores it.
func execTUI(args []string) error {
	path, err := findTUI(selfPath(), exec.LookPath)
	if err != nil {
		return err
	}
	cmd := exec.Command(path, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	signal.Ignore(os.Interrupt)
	err = cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return cli.ExitError{Code: ee.ExitCode()}
	}
	if err != nil {
		return fmt.Errorf("cannot run %s: %w", path, err)
	}
	return nil
}
