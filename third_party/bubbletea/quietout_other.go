//go:build !linux

package tea

import "io"

// frameWriter is what the renderer writes its frames to: the output.
func (p *Program) frameWriter() io.Writer { return p.output }
