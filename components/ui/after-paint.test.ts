/**
 * @jest-environment jsdom
 */
import { afterNextPaint } from '@/components/ui/after-paint';

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('afterNextPaint', () => {
  test('runs the work in a task after the next frame, not before it', async () => {
    const order: string[] = [];
    afterNextPaint(() => order.push('work'));
    expect(order).toEqual([]);
    // A frame callback registered after it still runs before the work: the work waits for the frame.
    await nextFrame().then(() => order.push('frame'));
    expect(order).toEqual(['frame']);
    await nextTask();
    expect(order).toEqual(['frame', 'work']);
  });

  test('cancelled before the frame or between the frame and the task, the work never runs', async () => {
    const work = jest.fn();
    afterNextPaint(work)();
    const cancelLater = afterNextPaint(work);
    await nextFrame();
    cancelLater();
    await nextTask();
    await nextFrame();
    await nextTask();
    expect(work).not.toHaveBeenCalled();
  });
});
