/**
 * The 80 COCO object classes in the order detectors trained on COCO number them
 * (index 0 = person). Models that output a class index map it through this list.
 */
export const COCO_CLASSES = [
  'person', 'bicycle', 'car', 'motorcycle', 'airplane', 'bus', 'train', 'truck', 'boat',
  'traffic light', 'fire hydrant', 'stop sign', 'parking meter', 'bench', 'bird', 'cat', 'dog',
  'horse', 'sheep', 'cow', 'elephant', 'bear', 'zebra', 'giraffe', 'backpack', 'umbrella',
  'handbag', 'tie', 'suitcase', 'frisbee', 'skis', 'snowboard', 'sports ball', 'kite',
  'baseball bat', 'baseball glove', 'skateboard', 'surfboard', 'tennis racket', 'bottle',
  'wine glass', 'cup', 'fork', 'knife', 'spoon', 'bowl', 'banana', 'apple', 'sandwich', 'orange',
  'broccoli', 'carrot', 'hot dog', 'pizza', 'donut', 'cake', 'chair', 'couch', 'potted plant',
  'bed', 'dining table', 'toilet', 'tv', 'laptop', 'mouse', 'remote', 'keyboard', 'cell phone',
  'microwave', 'oven', 'toaster', 'sink', 'refrigerator', 'book', 'clock', 'vase', 'scissors',
  'teddy bear', 'hair drier', 'toothbrush',
] as const;

export type CocoClass = (typeof COCO_CLASSES)[number];

/** The class at a model's output index, or undefined when the index is not a COCO class. */
export function cocoClassAt(index: number): CocoClass | undefined {
  return Number.isInteger(index) ? COCO_CLASSES[index] : undefined;
}

export type ClassCategory = 'person' | 'vehicle' | 'animal';

/** The classes the product reports on (issue 9), grouped the way the screens show them. */
export const CATEGORY_BY_CLASS = {
  person: 'person',
  bicycle: 'vehicle',
  car: 'vehicle',
  motorcycle: 'vehicle',
  bus: 'vehicle',
  truck: 'vehicle',
  bird: 'animal',
  cat: 'animal',
  dog: 'animal',
  horse: 'animal',
  sheep: 'animal',
  cow: 'animal',
  elephant: 'animal',
  bear: 'animal',
  zebra: 'animal',
  giraffe: 'animal',
} as const satisfies Partial<Record<CocoClass, ClassCategory>>;

export type RelevantClass = keyof typeof CATEGORY_BY_CLASS;

export const RELEVANT_CLASSES = Object.keys(CATEGORY_BY_CLASS) as RelevantClass[];

export function isRelevantClass(label: string): label is RelevantClass {
  return Object.hasOwn(CATEGORY_BY_CLASS, label);
}

/** person / vehicle / animal, or undefined for classes the product does not report on. */
export function categoryOf(label: string): ClassCategory | undefined {
  return isRelevantClass(label) ? CATEGORY_BY_CLASS[label] : undefined;
}
