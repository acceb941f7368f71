import { ExamModuleRoute } from '@/components/exam/exam-module-route';
import { preloadPageChunks } from '@/components/shell/preload-page-chunks';

export default async function ExamModulePage() {
  await preloadPageChunks('exam-module');
  return <ExamModuleRoute />;
}
