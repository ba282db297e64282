package config

import (
	"fmt"
	"strings"
)

// EnvScreenReader turns the screen-reader mode on (1) or off (0) when the
// command line says nothing.
const EnvScreenReader = "VEHICLE_SCREEN_READER"

// ScreenReader decides the screen-reader mode: the flag when the command
// line gave it (given), else VEHICLE_SCREEN_READER, else the file's
// screen_reader, else off. A variable that is not a yes or a no is an error
// that says what it takes.
func ScreenReader(flag, given bool, env Env, file File) (bool, error) {
	if given {
		return flag, nil
	}
	if v, ok := env.lookup(EnvScreenReader); ok && strings.TrimSpace(v) != "" {
		switch strings.ToLower(strings.TrimSpace(v)) {
		case "1", "true", "yes", "on":
			return true, nil
		case "0", "false", "no", "off":
			return false, nil
		}
		return false, fmt.Errorf("%s=%q is not 1 or 0: set %s=1 for the screen-reader mode, or unset it", EnvScreenReader, v, EnvScreenReader)
	}
	if file.ScreenReader != nil {
		return *file.ScreenReader, nil
	}
	return false, nil
}
