// What a command says when the system refuses: words a user can act on, never a bare error code.
import { describe, expect, test } from 'vitest'
import { systemMessage } from '../../cli/io.js'

function systemError(code: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code })
}

describe('systemMessage', () => {
  test.each([
    ['ENOENT', 'ENOENT: no such file or directory, open \'x\'', 'no such file or directory'],
    ['ENOSPC', 'ENOSPC: no space left on device, write', 'no space left on the device'],
    ['EINVAL', 'EINVAL: invalid argument, read', 'the file system refused the operation (invalid argument)'],
    ['ELOOP', 'ELOOP: too many symbolic links encountered, stat \'a\'', 'too many levels of symbolic links'],
    // Unknown codes keep the system's own message, with the operation and path, instead of the bare code.
    ['EBUSY', 'EBUSY: resource busy or locked, open \'x\'', 'EBUSY: resource busy or locked, open \'x\''],
    ['EWHATEVER', '', 'EWHATEVER'],
  ])('%s', (code, message, said) => {
    expect(systemMessage(systemError(code, message))).toBe(said)
  })

  test('an error without a code, and a thrown string', () => {
    expect(systemMessage(new Error('boom'))).toBe('boom')
    expect(systemMessage('plain')).toBe('plain')
  })
})
